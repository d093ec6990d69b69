/**
 * Carts: one per user, lines of (product, quantity). Product fields are joined at read time
 * from the listings, so a price or title change shows at once. Adds and removes are deltas,
 * so the document remembers the stream version it has applied and skips anything older. Line
 * arithmetic is the command side's (@rewear/contracts).
 */
import { changeLines, lineChangeOf, type EnvelopeOf } from '@rewear/contracts';
import { documentProjector } from '@rewear/platform';
import { READ_MODELS, type CartDoc, type CartLineDoc } from '@rewear/read-models';

export const CART_EVENTS = [
  'CartCreated',
  'CartItemAdded',
  'CartItemRemoved',
  'CartItemQuantitySet',
  'CartCleared',
] as const;

export type CartEvent = EnvelopeOf<(typeof CART_EVENTS)[number]>;

export function projectCart(current: CartDoc | null, event: CartEvent): CartDoc | null {
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
  const lines =
    event.type === 'CartCleared'
      ? []
      : changeLines(
          current.lines,
          (line) => line.product_id,
          event.data.productId,
          lineChangeOf(event),
          (quantity): CartLineDoc => ({ product_id: event.data.productId, quantity }),
        );
  return { ...current, lines, version: event.streamVersion, updated_at: event.occurredAt };
}

export const cartsProjector = documentProjector({
  name: 'carts',
  collectionName: READ_MODELS.carts,
  indexes: [{ keys: { user_id: 1 } }],
  canHandle: CART_EVENTS,
  documentId: (event) => event.data.cartId,
  evolve: projectCart,
});
