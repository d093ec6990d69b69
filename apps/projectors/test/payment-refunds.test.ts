/** Payment-refund alerts, through the inbox projector on the in-memory engine. */
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryReadModelStore, type Projector, type ReadSide } from '@rewear/platform';
import {
  NOTIFIERS,
  READ_MODELS,
  inboxProjector,
  paymentRefundNotifier,
  type InboxDoc,
  type Notifier,
} from '../src/index.ts';
import { envelope } from './events.ts';

let store: ReturnType<typeof createMemoryReadModelStore>;
let side: ReadSide;
let projector: Projector;

beforeEach(() => {
  store = createMemoryReadModelStore();
  side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
  projector = inboxProjector([paymentRefundNotifier as Notifier]);
});

const apply = (event: Parameters<Projector['apply']>[0]) => projector.apply(event, side);
const inbox = () => store.collection<InboxDoc>(READ_MODELS.inbox).find({}, { sort: { _id: 1 } });
const kept = () => store.collection(READ_MODELS.refundableOrders).find({});
const inStream = { streamId: 'order-o1' };

const placed = envelope(
  'OrderPlaced',
  {
    orderId: 'o1',
    userId: 'buyer-1',
    items: [
      { productId: 'p1', title: 'Wool coat', image: 'c.jpg', quantity: 1, unitPriceCents: 6000 },
      { productId: 'p2', title: 'Silk scarf', image: 's.jpg', quantity: 1, unitPriceCents: 1500 },
    ],
    totalCents: 7500,
    currency: 'usd',
    shipping: {
      name: 'Ann',
      address: '1 Main St',
      city: 'Town',
      state: 'CA',
      zip: '90000',
      email: 'ann@example.com',
    },
    paymentIntentId: 'pi_1',
    expiresAt: '2026-03-01T12:15:00.000Z',
  },
  { ...inStream, streamVersion: 1 },
);
const refunded = (
  reason: 'order_expired' | 'payment_failed' | 'items_unavailable',
  productIds: string[],
  amountCents: number,
) =>
  envelope(
    'OrderPaymentRefunded',
    {
      orderId: 'o1',
      paymentIntentId: 'pi_1',
      amountCents,
      reason,
      productIds,
      refundedAt: '2026-03-01T12:20:00.000Z',
    },
    { ...inStream, streamVersion: 3 },
  );
const issued = (amountCents: number) =>
  envelope(
    'OrderRefundIssued',
    { orderId: 'o1', refundId: 're_1', amountCents },
    { ...inStream, streamVersion: 4 },
  );

describe('payment-refund alerts', () => {
  it('tells the buyer of a late payment refunded in full once the processor took it', async () => {
    await apply(placed);
    await apply(envelope('OrderExpired', { orderId: 'o1' }, { ...inStream, streamVersion: 2 }));
    await apply(refunded('order_expired', ['p1', 'p2'], 7500));
    // Decided, not yet taken: nothing to tell.
    expect(await inbox()).toEqual([]);
    await apply(issued(7500));
    expect(await inbox()).toEqual([
      {
        _id: 'order-o1:4:buyer-1',
        recipient_id: 'buyer-1',
        kind: 'payment_refunded',
        text: 'Refunded $75.00: your payment arrived after the order had expired. Please place it again.',
        link: '/order-confirmation/o1',
        at: '2026-03-01T12:00:00.000Z',
      },
    ]);
    // Told once: the order's state is dropped, and a redelivery tells nothing new.
    expect(await kept()).toEqual([]);
    await apply(issued(7500));
    expect(await inbox()).toHaveLength(1);
  });

  it('names the items no longer available in a part refund', async () => {
    await apply(placed);
    await apply(refunded('items_unavailable', ['p2'], 1500));
    await apply(issued(1500));
    expect((await inbox()).map((doc) => doc.text)).toEqual([
      'Partly refunded: $15.00 for “Silk scarf”, no longer available. The rest of your order ships.',
    ]);
  });

  it('says why a payment after a failed one is refunded, keeping the first decision', async () => {
    await apply(placed);
    await apply(refunded('payment_failed', ['p1', 'p2'], 7500));
    await apply(placed); // redelivered: the decision stays
    await apply(refunded('items_unavailable', ['p2'], 1500));
    await apply(issued(7500));
    expect((await inbox()).map((doc) => doc.text)).toEqual([
      'Refunded $75.00: your payment arrived after the order’s payment had failed. Please place it again.',
    ]);
  });

  it('tells no one of an order it never saw, and nothing without a refund decided', async () => {
    await apply(issued(7500));
    await apply(placed);
    await apply(issued(7500));
    expect(await inbox()).toEqual([]);
  });

  it('is one of the inbox notifiers', () => {
    expect(NOTIFIERS).toContain(paymentRefundNotifier);
  });
});
