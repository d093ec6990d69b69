import { aggregateOf } from '../shared/decider.ts';
import { cartDecider } from '@rewear/features/cart/decider';

/** A cart: its command handling, bound once (streams `cart-<id>`). */
export const carts = aggregateOf(cartDecider, 'cart');
