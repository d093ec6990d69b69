/**
 * The shipments' timers (docs/product.md §11, SHIPMENT_TIMERS): a shipment not shipped in time is
 * cancelled and refunded; one delivered whose buyer protection ended without a problem completes.
 * It also retries refunds decided but not yet taken by the processor. Like the reservation
 * sweeper it follows the event log itself; the decider checks the time again, so an early or
 * repeated sweep changes nothing.
 */
import {
  createSweeper,
  dueIds,
  type Sweep,
  type Sweeper,
  type SweeperOptions,
} from '../shared/sweeper.ts';
import type { PaymentGateway } from '../payments/port.ts';
import type { ShipmentCommand } from '@rewear/features/shipment/decider';
import { loadShipment, runShipmentCommand, settleRefund } from './workflow.ts';

export interface ShipmentSweeperOptions extends SweeperOptions {
  payments: Pick<PaymentGateway, 'refund'>;
}

export interface ShipmentSweepResult {
  cancelled: string[];
  completed: string[];
  refundsIssued: string[];
}

export type ShipmentSweeper = Sweeper<ShipmentSweepResult>;

export function createShipmentSweeper(options: ShipmentSweeperOptions): ShipmentSweeper {
  const { payments } = options;
  // Due times by shipment: shipping deadlines, ends of buyer protection; refunds not issued.
  const shipBy = new Map<string, number>();
  const protectionEnds = new Map<string, number>();
  const unissued = new Set<string>();

  /** Runs `command` for each shipment whose timer is due; answers those it changed. */
  async function runDue(
    { now, env, forEach }: Sweep,
    timers: Map<string, number>,
    command: ShipmentCommand,
  ): Promise<string[]> {
    const changed: string[] = [];
    await forEach(dueIds(timers, now), async (shipmentId) => {
      const outcome = await runShipmentCommand({ env: env(), payments }, shipmentId, command);
      if (outcome.changed) changed.push(shipmentId);
      timers.delete(shipmentId);
    });
    return changed;
  }

  return createSweeper(options, {
    actor: 'system:shipment-sweeper',
    label: 'shipments',
    failureMessage: (shipmentId) => `sweep of ${shipmentId} failed`,
    intervalMs: 60_000,
    follow(event) {
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
    },
    async sweep(sweep) {
      const cancelled = await runDue(sweep, shipBy, { type: 'CancelIfNotShipped' });
      const completed = await runDue(sweep, protectionEnds, { type: 'CompleteIfProtectionEnded' });
      await sweep.catchUp(); // the refunds the cancellations above decided (and issued) are seen
      const refundsIssued: string[] = [];
      await sweep.forEach(unissued, async (shipmentId) => {
        const env = sweep.env();
        const { state } = await loadShipment(env, shipmentId);
        await settleRefund({ env, payments }, shipmentId, state);
        const after = await loadShipment(env, shipmentId);
        if (after.state.refund?.issuedAs) {
          unissued.delete(shipmentId);
          refundsIssued.push(shipmentId);
        }
      });
      return { cancelled, completed, refundsIssued };
    },
  });
}
