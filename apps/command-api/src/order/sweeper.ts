/**
 * Expires unpaid orders whose reservation lapsed. Stock is already free for buyers at
 * expiresAt (reservations count only until then); the sweeper records it: OrderExpired and
 * StockReleased (reason 'expired'). It also asks the processor again for the refunds of
 * payments orders could not use that it did not take yet. It follows the event log itself to
 * know the pending orders and the refunds due.
 */
import { createSweeper, dueIds, type Sweeper, type SweeperOptions } from '../shared/sweeper.ts';
import type { PaymentGateway } from '../payments/port.ts';
import { expireOrder, issueOrderRefund } from './workflow.ts';

export interface ReservationSweeperOptions extends SweeperOptions {
  /** Where refunds decided and not issued yet are asked again; none: they wait. */
  payments?: Pick<PaymentGateway, 'refund'>;
}

/**
 * Its sweep expires every pending order past expiresAt at the clock's now and issues the refunds
 * due; it answers the ids of the orders expired.
 */
export type ReservationSweeper = Sweeper<string[]>;

export function createReservationSweeper(options: ReservationSweeperOptions): ReservationSweeper {
  const pending = new Map<string, number>();
  const refundsDue = new Set<string>();
  return createSweeper(options, {
    actor: 'system:reservation-sweeper',
    label: 'sweeper',
    failureMessage: (orderId) => `could not expire order ${orderId}`,
    intervalMs: 30_000,
    follow(event) {
      if (event.type === 'OrderPlaced')
        pending.set(event.data.orderId, Date.parse(event.data.expiresAt));
      else if (
        event.type === 'OrderPaid' ||
        event.type === 'OrderPaymentFailed' ||
        event.type === 'OrderExpired'
      ) {
        pending.delete(event.data.orderId);
      }
      if (event.type === 'OrderPaymentRefunded') refundsDue.add(event.data.orderId);
      else if (event.type === 'OrderRefundIssued') refundsDue.delete(event.data.orderId);
    },
    async sweep({ now, env, forEach }) {
      if (options.payments)
        for (const orderId of refundsDue) {
          // Issued: its OrderRefundIssued takes it off the list at the next catch-up.
          await issueOrderRefund({ env: env(), payments: options.payments }, orderId);
        }
      const expired: string[] = [];
      await forEach(dueIds(pending, now), async (orderId) => {
        const result = await expireOrder({ env: env() }, orderId);
        if (result.state.status === 'expired') expired.push(orderId);
        if (result.state.status !== 'pending') pending.delete(orderId);
      });
      return expired;
    },
  });
}
