/**
 * Carts: one per user, lines of (product, quantity). Product fields are joined at read time
 * from the listings, so a price or title change shows at once. Adds and removes are deltas,
 * so the document remembers the stream version it has applied and skips anything older.
 */
import type { EnvelopeOf, EventEnvelope } from '@rewear/contracts';
import type { Projector } from '@rewear/platform';
import { READ_MODELS, type CartDoc, type CartLineDoc } from '@rewear/read-models';

export type CartEvent =
  | EnvelopeOf<'CartCreated'>
  | EnvelopeOf<'CartItemAdded'>
  | EnvelopeOf<'CartItemRemoved'>
  | EnvelopeOf<'CartItemQuantitySet'>
  | EnvelopeOf<'CartCleared'>;

export const CART_EVENTS = [
  'CartCreated',
  'CartItemAdded',
  'CartItemRemoved',
  'CartItemQuantitySet',
  'CartCleared',
] as const;

function setQuantity(lines: CartLineDoc[], productId: string, quantity: number): CartLineDoc[] {
  const exists = lines.some((l) => l.product_id === productId);
  if (quantity <= 0) return lines.filter((l) => l.product_id !== productId);
  return exists
    ? lines.map((l) => (l.product_id === productId ? { ...l, quantity } : l))
    : [...lines, { product_id: productId, quantity }];
}

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
  const quantityOf = (productId: string) =>
    current.lines.find((l) => l.product_id === productId)?.quantity ?? 0;
  let lines: CartLineDoc[];
  switch (event.type) {
    case 'CartItemAdded':
      lines = setQuantity(
        current.lines,
        event.data.productId,
        quantityOf(event.data.productId) + event.data.quantity,
      );
      break;
    case 'CartItemRemoved':
      lines = setQuantity(
        current.lines,
        event.data.productId,
        quantityOf(event.data.productId) - event.data.quantity,
      );
      break;
    case 'CartItemQuantitySet':
      lines = setQuantity(current.lines, event.data.productId, event.data.quantity);
      break;
    case 'CartCleared':
      lines = [];
      break;
  }
  return { ...current, lines, version: event.streamVersion, updated_at: event.occurredAt };
}

export const cartsProjector: Projector = {
  name: 'carts',
  collections: { [READ_MODELS.carts]: [{ keys: { user_id: 1 } }] },
  handles: CART_EVENTS,
  async apply(event: EventEnvelope, target) {
    if (!(CART_EVENTS as readonly string[]).includes(event.type)) return;
    const e = event as CartEvent;
    const carts = target.collection<CartDoc>(READ_MODELS.carts);
    const current = await carts.findOne({ _id: e.data.cartId }, { readonly: true });
    const next = projectCart(current, e);
    if (next && next !== current) await carts.put(next);
  },
};
