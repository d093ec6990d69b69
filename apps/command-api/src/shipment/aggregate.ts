import { aggregateOf } from '../shared/decider.ts';
import { shipmentDecider } from './decider.ts';

/** A shipment: its command handling, bound once (streams `shipment-<id>`). */
export const shipments = aggregateOf(shipmentDecider, 'shipment');
