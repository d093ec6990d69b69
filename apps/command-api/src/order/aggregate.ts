import { aggregateOf } from '../shared/decider.ts';
import { orderDecider } from '@rewear/features/order/decider';

/** An order: its command handling, bound once (streams `order-<id>`). */
export const orders = aggregateOf(orderDecider, 'order');
