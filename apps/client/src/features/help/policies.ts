/**
 * The store's promises in days, from the timers the server enforces (SHIPMENT_TIMERS, docs/product.md
 * §11.3), so the product page and the help pages cannot promise more than the shipments do.
 */
import { SHIPMENT_TIMERS } from '@rewear/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A paid order's seller must ship within this many days, or the order is cancelled and refunded. */
export const SHIP_WITHIN_DAYS = Math.round(SHIPMENT_TIMERS.shipWithinMs / DAY_MS);

/** Buyer protection: after delivery the buyer may report a problem (and ask for a return) this long. */
export const PROBLEM_WINDOW_DAYS = Math.round(SHIPMENT_TIMERS.protectionMs / DAY_MS);

/** '2 days', '1 day'. */
export const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;
