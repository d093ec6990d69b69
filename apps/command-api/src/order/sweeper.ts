/**
 * Expires unpaid orders whose reservation lapsed. Stock is already free for buyers at
 * expiresAt (reservations count only until then); the sweeper records it: OrderExpired and
 * StockReleased (reason 'expired'). It also asks the processor again for the refunds of
 * payments orders could not use that it did not take yet. It follows the event log itself to
 * know the pending orders and the refunds due.
 */
import type { DomainEvent } from '@rewear/contracts';
import type { EventStore } from '@rewear/platform';
import { createAggregateRepository } from '../shared/decider.ts';
import type { PaymentGateway } from '../payments/port.ts';
import { expireOrder, issueOrderRefund } from './workflow.ts';

export interface ReservationSweeperOptions {
  eventStore: EventStore;
  clock?: () => Date;
  newId?: () => string;
  /** Where refunds decided and not issued yet are asked again; none: they wait. */
  payments?: Pick<PaymentGateway, 'refund'>;
  /** Called when one order fails to expire; the next sweep tries again. */
  onError?: (orderId: string, error: unknown) => void;
}

export interface ReservationSweeper {
  /**
   * Expires every pending order past expiresAt at the clock's now and issues the refunds due;
   * returns the ids of the orders expired.
   */
  sweep(): Promise<string[]>;
  /** Sweeps every `intervalMs` until the returned stop() is called. */
  start(intervalMs?: number): () => Promise<void>;
}

export function createReservationSweeper(options: ReservationSweeperOptions): ReservationSweeper {
  const clock = options.clock ?? (() => new Date());
  const newId = options.newId ?? (() => crypto.randomUUID());
  const onError =
    options.onError ??
    ((orderId, error) => console.error(`[sweeper] could not expire order ${orderId}`, error));
  const aggregates = createAggregateRepository(options.eventStore);
  const pending = new Map<string, number>();
  const refundsDue = new Set<string>();
  let seen = 0;

  async function catchUp() {
    for (;;) {
      const events = await options.eventStore.readAll(seen, 2000);
      if (events.length === 0) return;
      for (const envelope of events) {
        const event = envelope as unknown as DomainEvent;
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
      }
      seen = events.at(-1)!.position;
    }
  }

  let running: Promise<string[]> | null = null;
  async function sweepOnce(): Promise<string[]> {
    await catchUp();
    const now = clock();
    const expired: string[] = [];
    const envOf = () => ({
      aggregates,
      now: clock,
      newId,
      actor: 'system:reservation-sweeper',
      correlationId: newId(),
    });
    if (options.payments)
      for (const orderId of refundsDue) {
        // Issued: its OrderRefundIssued takes it off the list at the next catch-up.
        await issueOrderRefund({ env: envOf(), payments: options.payments }, orderId);
      }
    for (const [orderId, expiresAt] of pending) {
      if (expiresAt > now.getTime()) continue;
      try {
        const result = await expireOrder({ env: envOf() }, orderId);
        if (result.state.status === 'expired') expired.push(orderId);
        if (result.state.status !== 'pending') pending.delete(orderId);
      } catch (err) {
        onError(orderId, err);
      }
    }
    return expired;
  }

  const sweep = () => {
    // One sweep at a time; a caller during a sweep waits for it and then runs its own.
    const next = (running ?? Promise.resolve([] as string[])).catch(() => []).then(sweepOnce);
    running = next;
    return next;
  };

  return {
    sweep,
    start(intervalMs = 30_000) {
      const timer = setInterval(() => {
        sweep().catch((err) => console.error('[sweeper] sweep failed', err));
      }, intervalMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running?.catch(() => {});
      };
    },
  };
}
