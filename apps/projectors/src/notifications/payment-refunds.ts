/**
 * Payment refunds (docs/product.md §11.4): when the processor has taken the refund of a payment
 * an order could not use, its buyer hears how much came back and why: all of it (the order had
 * expired or its payment had failed before the payment arrived), or the part for the items
 * someone else bought meanwhile. The refund events name neither the buyer nor the items' titles,
 * so this notifier keeps them from OrderPlaced (`refundable_orders`) until the refund is issued.
 */
import { formatPrice, toDollars, type EnvelopeOf } from '@rewear/contracts';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { refundableOrderAfter, type RefundableOrderDoc } from '@rewear/features/order/projection';
import type { InboxDraft, Notifier } from './notifier.ts';

type PaymentRefundEvent = EnvelopeOf<'OrderPlaced' | 'OrderPaymentRefunded' | 'OrderRefundIssued'>;

const quoted = (titles: readonly string[]) =>
  titles.length > 1
    ? `“${titles[0]}” and ${titles.length - 1} more`
    : titles.length === 1
      ? `“${titles[0]}”`
      : 'items';

/** Pure: what the buyer reads once the refund of `order` is issued (none if none was decided). */
export function paymentRefundAlert(order: RefundableOrderDoc): InboxDraft | null {
  const refund = order.refund;
  if (!refund) return null;
  const amount = formatPrice(toDollars(refund.amount_cents));
  const text =
    refund.reason === 'items_unavailable'
      ? `Partly refunded: ${amount} for ${quoted(
          order.items.filter((i) => refund.product_ids.includes(i.product_id)).map((i) => i.title),
        )}, no longer available. The rest of your order ships.`
      : refund.reason === 'order_expired'
        ? `Refunded ${amount}: your payment arrived after the order had expired. Please place it again.`
        : `Refunded ${amount}: your payment arrived after the order’s payment had failed. Please place it again.`;
  return {
    recipient_id: order.buyer_id,
    kind: 'payment_refunded',
    text,
    link: `/order-confirmation/${encodeURIComponent(order._id)}`,
  };
}

export const paymentRefundNotifier: Notifier<PaymentRefundEvent['type']> = {
  handles: ['OrderPlaced', 'OrderPaymentRefunded', 'OrderRefundIssued'],
  collections: { [READ_MODELS.refundableOrders]: [] },
  async notify(event, target) {
    const orders = target.collection<RefundableOrderDoc>(READ_MODELS.refundableOrders);
    switch (event.type) {
      case 'OrderPlaced':
      case 'OrderPaymentRefunded': {
        // Kept as the order module folds it; written only when that changed it.
        const current = await orders.findOne({ _id: event.data.orderId });
        const next = refundableOrderAfter(current, event);
        if (next && next !== current) await orders.put(next);
        return [];
      }
      case 'OrderRefundIssued': {
        const order = await orders.findOne({ _id: event.data.orderId });
        if (!order) return [];
        const alert = paymentRefundAlert(order);
        if (!alert) return [];
        // Refunded once per order: nothing more to tell about it.
        await orders.delete(order._id);
        return [alert];
      }
    }
  },
};
