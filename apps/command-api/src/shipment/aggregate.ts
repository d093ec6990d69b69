import { aggregateOf } from '../shared/decider.ts';
import { shipmentDecider } from '@rewear/features/shipment/decider';

/** A shipment: its command handling, bound once (streams `shipment-<id>`). */
export const shipments = aggregateOf(shipmentDecider, 'shipment');
