import { describe, expect, it } from 'vitest';
import {
  projectCart,
  projectLike,
  projectOrder,
  projectSubscriber,
  projectUser,
  projectUserCollection,
  projectWishlistItem,
  type CartDoc,
  type CartEvent,
  type OrderEvent,
  type OrderDoc,
} from '../src/index.ts';
import { envelope } from './events.ts';

describe('projectCart', () => {
  const v = (n: number) => ({ streamId: 'cart-c1', streamVersion: n });
  const events: CartEvent[] = [
    envelope('CartCreated', { cartId: 'c1', userId: 'u1' }, v(1)),
    envelope('CartItemAdded', { cartId: 'c1', productId: 'p1', quantity: 2 }, v(2)),
    envelope('CartItemAdded', { cartId: 'c1', productId: 'p1', quantity: 1 }, v(3)),
    envelope('CartItemAdded', { cartId: 'c1', productId: 'p2', quantity: 1 }, v(4)),
    envelope('CartItemRemoved', { cartId: 'c1', productId: 'p1', quantity: 1 }, v(5)),
    envelope('CartItemQuantitySet', { cartId: 'c1', productId: 'p2', quantity: 4 }, v(6)),
  ];
  const run = (list: CartEvent[]) =>
    list.reduce<CartDoc | null>((doc, e) => projectCart(doc, e), null);

  it('adds up quantities, removes units and sets quantities', () => {
    expect(run(events)!.lines).toEqual([
      { product_id: 'p1', quantity: 2 },
      { product_id: 'p2', quantity: 4 },
    ]);
  });

  it('applies a redelivered add once', () => {
    const withDuplicates = events.flatMap((e) => [e, e]);
    expect(run(withDuplicates)).toEqual(run(events));
  });

  it('removing every unit drops the line; clearing empties the cart', () => {
    const removed = run([
      ...events,
      envelope('CartItemRemoved', { cartId: 'c1', productId: 'p1', quantity: 5 }, v(7)),
    ])!;
    expect(removed.lines.map((l) => l.product_id)).toEqual(['p2']);
    const cleared = run([
      ...events,
      envelope('CartCleared', { cartId: 'c1', reason: 'order_paid' }, v(7)),
    ])!;
    expect(cleared.lines).toEqual([]);
  });
});

describe('projectOrder', () => {
  const placed = envelope('OrderPlaced', {
    orderId: 'o1',
    userId: 'u1',
    items: [{ productId: 'p1', title: 'Top', image: 'i.jpg', quantity: 2, unitPriceCents: 1250 }],
    totalCents: 2500,
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
  });
  const paid = envelope('OrderPaid', { orderId: 'o1', paymentIntentId: 'pi_1', amountCents: 2500 });
  const expired = envelope('OrderExpired', { orderId: 'o1' });
  const failed = envelope('OrderPaymentFailed', {
    orderId: 'o1',
    paymentIntentId: 'pi_1',
    reason: 'declined',
  });
  const run = (list: OrderEvent[]) =>
    list.reduce<OrderDoc | null>((doc, e) => projectOrder(doc, e), null);

  it('starts pending and becomes paid, failed or expired', () => {
    expect(run([placed])!.status).toBe('pending');
    expect(run([placed, failed])!.status).toBe('payment_failed');
    expect(run([placed, failed, paid])!.status).toBe('paid');
    expect(run([placed, expired])!.status).toBe('expired');
  });

  it('a late expiry or failure never undoes a payment, and a redelivery changes nothing', () => {
    expect(run([placed, paid, expired, failed])!.status).toBe('paid');
    expect(run([placed, paid, paid, placed])).toEqual(run([placed, paid]));
  });

  it('ignores status events of an order it has not seen', () => {
    expect(run([paid])).toBeNull();
  });

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
      { occurredAt: '2026-03-01T12:20:00.000Z' },
    );
  const issued = envelope(
    'OrderRefundIssued',
    { orderId: 'o1', refundId: 're_1', amountCents: 2500 },
    { occurredAt: '2026-03-01T12:21:00.000Z' },
  );

  it('records a late payment refunded in full, then the refund the processor took', () => {
    const decided = run([placed, expired, refunded('order_expired', ['p1'], 2500)])!;
    expect(decided.status).toBe('expired');
    expect(decided.refund).toEqual({
      amount_cents: 2500,
      reason: 'order_expired',
      product_ids: ['p1'],
      refunded_at: '2026-03-01T12:20:00.000Z',
      refund_id: null,
    });
    const taken = run([placed, expired, refunded('order_expired', ['p1'], 2500), issued])!;
    expect(taken.refund?.refund_id).toBe('re_1');
    expect(taken.updated_at).toBe('2026-03-01T12:21:00.000Z');
  });

  it('records a part refund of a paid order for the items no longer available', () => {
    const twoItems = envelope('OrderPlaced', {
      ...placed.data,
      items: [
        ...placed.data.items,
        { productId: 'p2', title: 'Skirt', image: 's.jpg', quantity: 1, unitPriceCents: 900 },
      ],
      totalCents: 3400,
    });
    const doc = run([twoItems, paid, refunded('items_unavailable', ['p2'], 900)])!;
    expect(doc.status).toBe('paid');
    expect(doc.refund).toMatchObject({
      amount_cents: 900,
      reason: 'items_unavailable',
      product_ids: ['p2'],
    });
  });

  it('keeps the first refund and its id through redeliveries, and ignores an unknown order', () => {
    const once = run([placed, failed, refunded('payment_failed', ['p1'], 2500), issued]);
    expect(
      run([
        placed,
        failed,
        refunded('payment_failed', ['p1'], 2500),
        issued,
        refunded('payment_failed', ['p1'], 2500),
        issued,
        placed,
      ]),
    ).toEqual(once);
    // The processor's answer before the decision it answers changes nothing.
    expect(run([placed, issued])!.refund).toBeUndefined();
    expect(run([refunded('order_expired', ['p1'], 2500)])).toBeNull();
  });
});

describe('small projections', () => {
  it('users fall back to the email as display name', () => {
    const doc = projectUser(
      null,
      envelope('UserRegistered', { uid: 'u1', email: 'a@b.co', displayName: '', photoUrl: null }),
    );
    expect(doc).toMatchObject({ _id: 'u1', display_name: 'a@b.co' });
  });

  it('likes count a user once for wishlist and like together', () => {
    const added = envelope('WishlistItemAdded', { userId: 'u1', productId: 'p1' });
    const liked = envelope('ListingLiked', { listingId: 'p1', userId: 'u1' });
    const removed = envelope('WishlistItemRemoved', { userId: 'u1', productId: 'p1' });
    const both = projectLike(projectLike(null, added, 'p1', 'u1'), liked, 'p1', 'u1');
    expect(both).toMatchObject({ wishlist: true, liked: true });
    expect(projectLike(both, removed, 'p1', 'u1')).toMatchObject({ wishlist: false, liked: true });
    expect(projectLike(projectLike(null, added, 'p1', 'u1'), removed, 'p1', 'u1')).toBeNull();
  });

  it('wishlist items keep their first add time', () => {
    const first = projectWishlistItem(
      null,
      envelope(
        'WishlistItemAdded',
        { userId: 'u1', productId: 'p1' },
        { occurredAt: '2026-01-01T00:00:00.000Z' },
      ),
    );
    const again = projectWishlistItem(
      first,
      envelope(
        'WishlistItemAdded',
        { userId: 'u1', productId: 'p1' },
        { occurredAt: '2026-02-01T00:00:00.000Z' },
      ),
    );
    expect(again!.added_at).toBe('2026-01-01T00:00:00.000Z');
  });

  it('newsletter subscribers are keyed by lower-cased email', () => {
    expect(
      projectSubscriber(null, envelope('NewsletterSubscribed', { email: 'Ann@Example.com' }))!._id,
    ).toBe('ann@example.com');
    expect(
      projectSubscriber(null, envelope('NewsletterUnsubscribed', { email: 'ann@example.com' })),
    ).toBeNull();
  });

  it('user collections count each follower once, even a follow seen before the creation', () => {
    const follow = envelope('CollectionFollowed', { collectionId: 'k1', userId: 'u2' });
    const created = envelope('CollectionCreated', {
      collectionId: 'k1',
      ownerId: 'u1',
      title: 'Summer',
      description: '',
      productIds: ['p1'],
      isPublic: true,
    });
    const doc = projectUserCollection(
      projectUserCollection(projectUserCollection(null, follow), follow),
      created,
    )!;
    expect(doc).toMatchObject({ owner_id: 'u1', title: 'Summer', followers: ['u2'] });
  });
});
