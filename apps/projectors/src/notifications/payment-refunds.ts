/**
 * Payment refunds (docs/product.md §11.4): when the processor has taken the refund of a payment
 * an order could not use, its buyer hears how much came back and why: all of it (the order had
 * expired or its payment had failed before the payment arrived), or the part for the items
 * someone else bought meanwhile. The refund events name neither the buyer nor the items' titles,
 * so this notifier keeps them from OrderPlaced (`refundable_orders`) until the refund is issued.
 * What the buyer reads is the notifications module's (paymentRefundAlert).
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { refundableOrderAfter, type RefundableOrderDoc } from '@rewear/features/order/projection';
import { paymentRefundAlert, type Notifier } from '@rewear/features/notifications/projection';

type PaymentRefundEvent = EnvelopeOf<'OrderPlaced' | 'OrderPaymentRefunded' | 'OrderRefundIssued'>;

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
