/**
 * The shipments' timers (docs/product.md §11, SHIPMENT_TIMERS): a shipment not shipped in time is
 * cancelled and refunded; one delivered whose buyer protection ended without a problem completes.
 * It also retries refunds decided but not yet taken by the processor. Like the reservation
 * sweeper it follows the event log itself; the decider checks the time again, so an early or
 * repeated sweep changes nothing.
 */
import type { DomainEvent } from '@rewear/contracts';
import type { EventStore } from '@rewear/platform';
import { createAggregateRepository, type CommandEnvironment } from '../shared/decider.ts';
import type { PaymentGateway } from '../payments/port.ts';
import type { ShipmentCommand } from './decider.ts';
import { loadShipment, runShipmentCommand, settleRefund } from './workflow.ts';

export interface ShipmentSweeperOptions {
  eventStore: EventStore;
  payments: Pick<PaymentGateway, 'refund'>;
  clock?: () => Date;
  newId?: () => string;
  /** Called when one shipment fails; the next sweep tries again. */
  onError?: (shipmentId: string, error: unknown) => void;
}

export interface ShipmentSweepResult {
  cancelled: string[];
  completed: string[];
  refundsIssued: string[];
}

export interface ShipmentSweeper {
  sweep(): Promise<ShipmentSweepResult>;
  /** Sweeps every `intervalMs` until the returned stop() is called. */
  start(intervalMs?: number): () => Promise<void>;
}

export function createShipmentSweeper(options: ShipmentSweeperOptions): ShipmentSweeper {
  const clock = options.clock ?? (() => new Date());
  const newId = options.newId ?? (() => crypto.randomUUID());
  const onError =
    options.onError ??
    ((shipmentId, error) => console.error(`[shipments] sweep of ${shipmentId} failed`, error));
  const aggregates = createAggregateRepository(options.eventStore);
  // Due times by shipment: shipping deadlines, ends of buyer protection; refunds not issued.
  const shipBy = new Map<string, number>();
  const protectionEnds = new Map<string, number>();
  const unissued = new Set<string>();
  let seen = 0;

  async function catchUp() {
    for (;;) {
      const events = await options.eventStore.readAll(seen, 2000);
      if (events.length === 0) return;
      for (const envelope of events) {
        const event = envelope as unknown as DomainEvent;
        switch (event.type) {
          case 'ShipmentOpened':
            shipBy.set(event.data.shipmentId, Date.parse(event.data.shipBy));
            break;
          case 'ShipmentShipped':
          case 'ShipmentCancelled':
            shipBy.delete(event.data.shipmentId);
            break;
          case 'ShipmentDelivered':
            protectionEnds.set(event.data.shipmentId, Date.parse(event.data.protectionEndsAt));
            break;
          case 'ShipmentProblemReported':
          case 'ShipmentCompleted':
            protectionEnds.delete(event.data.shipmentId);
            break;
          case 'ShipmentRefunded':
            unissued.add(event.data.shipmentId);
            break;
          case 'ShipmentRefundIssued':
            unissued.delete(event.data.shipmentId);
            break;
        }
      }
      seen = events.at(-1)!.position;
    }
  }

  const envOf = (): CommandEnvironment => ({
    aggregates,
    now: clock,
    newId,
    actor: 'system:shipment-sweeper',
    correlationId: newId(),
  });

  async function due(
    timers: Map<string, number>,
    command: ShipmentCommand,
    now: number,
  ): Promise<string[]> {
    const changed: string[] = [];
    for (const [shipmentId, at] of timers) {
      if (at > now) continue;
      try {
        const outcome = await runShipmentCommand(
          { env: envOf(), payments: options.payments },
          shipmentId,
          command,
        );
        if (outcome.changed) changed.push(shipmentId);
        timers.delete(shipmentId);
      } catch (err) {
        onError(shipmentId, err);
      }
    }
    return changed;
  }

  let running: Promise<ShipmentSweepResult> | null = null;
  async function sweepOnce(): Promise<ShipmentSweepResult> {
    await catchUp();
    const now = clock().getTime();
    const cancelled = await due(shipBy, { type: 'CancelIfNotShipped' }, now);
    const completed = await due(protectionEnds, { type: 'CompleteIfProtectionEnded' }, now);
    await catchUp(); // the refunds the cancellations above decided (and issued) are seen
    const refundsIssued: string[] = [];
    for (const shipmentId of unissued) {
      try {
        const env = envOf();
        const { state } = await loadShipment(env, shipmentId);
        await settleRefund({ env, payments: options.payments }, shipmentId, state);
        const after = await loadShipment(env, shipmentId);
        if (after.state.refund?.issuedAs) {
          unissued.delete(shipmentId);
          refundsIssued.push(shipmentId);
        }
      } catch (err) {
        onError(shipmentId, err);
      }
    }
    return { cancelled, completed, refundsIssued };
  }

  const empty: ShipmentSweepResult = { cancelled: [], completed: [], refundsIssued: [] };
  const sweep = () => {
    // One sweep at a time; a caller during a sweep waits for it and then runs its own.
    const next = (running ?? Promise.resolve(empty)).catch(() => empty).then(sweepOnce);
    running = next;
    return next;
  };

  return {
    sweep,
    start(intervalMs = 60_000) {
      const timer = setInterval(() => {
        sweep().catch((err) => console.error('[shipments] sweep failed', err));
      }, intervalMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running?.catch(() => {});
      };
    },
  };
}
