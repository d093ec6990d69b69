/**
 * The cart's read face: the carts read model, one document per user's cart, and its document
 * shape. Product fields are joined at read time from the listings, so a price or title change
 * shows at once. Adds and removes are deltas, so the document remembers the stream version it
 * has applied and skips anything older. The lines follow the domain's fold (`./domain.ts`).
 */
import type { EnvelopeOf, LineQuantities } from '@rewear/contracts';
import { documentProjector, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { CART_EVENTS, evolveLines } from './domain.ts';

export { CART_EVENTS } from './domain.ts';

export type CartEnvelope = EnvelopeOf<(typeof CART_EVENTS)[number]>;
/** The name the projectors have always given a cart's delivered event. */
export type { CartEnvelope as CartEvent };

export interface CartLineDoc {
  product_id: string;
  quantity: number;
}

export interface CartDoc extends Doc {
  _id: string;
  user_id: string;
  /** In the order the products came in. */
  lines: CartLineDoc[];
  /** Stream version of the last applied event: makes add/remove (which are deltas) idempotent. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** Lines as stored, in the domain's order. */
export const lineDocs = (lines: LineQuantities): CartLineDoc[] =>
  Object.entries(lines).map(([product_id, quantity]) => ({ product_id, quantity }));

/** Stored lines as the domain folds them. */
export const quantitiesOf = (lines: readonly CartLineDoc[]): LineQuantities =>
  Object.fromEntries(lines.map((line) => [line.product_id, line.quantity]));

export function projectCart(current: CartDoc | null, event: CartEnvelope): CartDoc | null {
  if (current && event.streamVersion <= current.version) return current; // already applied
  if (event.type === 'CartCreated') {
    return {
      _id: event.data.cartId,
      user_id: event.data.userId,
      lines: current?.lines ?? [],
      version: event.streamVersion,
      created_at: event.occurredAt,
      updated_at: event.occurredAt,
    };
  }
  if (!current) return null;
  return {
    ...current,
    lines: lineDocs(evolveLines(quantitiesOf(current.lines), event)),
    version: event.streamVersion,
    updated_at: event.occurredAt,
  };
}

export const cartsProjector = documentProjector({
  name: 'carts',
  collectionName: READ_MODELS.carts,
  indexes: [{ keys: { user_id: 1 } }],
  canHandle: CART_EVENTS,
  documentId: (event) => event.data.cartId,
  evolve: projectCart,
});
