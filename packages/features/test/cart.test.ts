/**
 * A cart's lines are folded once (src/cart/domain.ts): the state the decider folds from a stream
 * and the document the projection keeps from the same events agree, line by line and in order,
 * after every step; and a held offer prices a line at its accepted price while it holds.
 */
import { describe, expect, it } from 'vitest';
import { OFFER_RULES } from '@rewear/contracts';
import { cartDecider } from '@rewear/features/cart/decider';
import { CART_EVENTS, heldPriceOf, type CartEvent } from '@rewear/features/cart/domain';
import {
  projectCart,
  quantitiesOf,
  type CartDoc,
  type CartEnvelope,
} from '@rewear/features/cart/projection';
import type { OfferState } from '@rewear/features/conversation/domain';
import { delivered } from './support/delivered.ts';

const cartId = 'u_b1';
const created: CartEvent = { type: 'CartCreated', data: { cartId, userId: 'b1' } };
const added = (productId: string, quantity: number): CartEvent => ({
  type: 'CartItemAdded',
  data: { cartId, productId, quantity },
});
const set = (productId: string, quantity: number): CartEvent => ({
  type: 'CartItemQuantitySet',
  data: { cartId, productId, quantity },
});
const removed = (productId: string, quantity: number): CartEvent => ({
  type: 'CartItemRemoved',
  data: { cartId, productId, quantity },
});
const cleared = (orderId?: string): CartEvent => ({
  type: 'CartCleared',
  data: orderId ? { cartId, reason: 'order_paid', orderId } : { cartId, reason: 'user' },
});

/** The stream's events as the store would deliver them, a second apart. */
const deliver = (events: CartEvent[]) =>
  delivered<CartEnvelope>(`cart-${cartId}`, events, (i) =>
    new Date(Date.UTC(2026, 2, 1, 12, 0, i)).toISOString(),
  );

const SEQUENCES: Array<[string, CartEvent[]]> = [
  ['an empty cart', [created]],
  ['lines added, and added to', [created, added('p1', 2), added('p2', 1), added('p1', 1)]],
  ['a quantity set up and down', [created, added('p1', 1), set('p1', 4), set('p1', 2)]],
  ['units removed', [created, added('p1', 3), removed('p1', 1)]],
  [
    'a line that leaves and comes back goes last',
    [created, added('p1', 1), added('p2', 1), removed('p1', 1), added('p3', 2), added('p1', 1)],
  ],
  ['more removed than there are', [created, added('p1', 1), removed('p1', 5), added('p2', 1)]],
  [
    'cleared by the owner, then for a paid order',
    [created, added('p1', 1), cleared(), added('p2', 2), cleared('order-1'), added('p3', 1)],
  ],
];

describe('cart: one fold of the lines for the decider and the projection', () => {
  it.each(SEQUENCES)('%s: the folded state and the projected document agree', (_, events) => {
    let state = cartDecider.initialState();
    let doc: CartDoc | null = null;
    const delivered = deliver(events);
    for (const [i, event] of events.entries()) {
      state = cartDecider.evolve(state, event);
      doc = projectCart(doc, delivered[i]!);
      // After every step, in order: the cart page lists the lines as the decider knows them.
      expect(doc!.lines.map((line) => [line.product_id, line.quantity])).toEqual(
        Object.entries(state.lines),
      );
      expect(quantitiesOf(doc!.lines)).toEqual(state.lines);
      expect({ cartId: doc!._id, userId: doc!.user_id }).toEqual({
        cartId: state.cartId,
        userId: state.userId,
      });
    }
    // A redelivered event changes neither.
    expect(projectCart(doc, delivered.at(-1)!)).toBe(doc);
  });

  it('covers every cart event', () => {
    const events = SEQUENCES.flatMap(([, sequence]) => sequence);
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(CART_EVENTS));
  });
});

describe('cart: the price a held offer gives a line', () => {
  const T0 = Date.parse('2026-03-01T12:00:00.000Z');
  const accepted: OfferState = {
    offerId: 'o1',
    amountCents: 2500,
    counterCents: null,
    status: 'accepted',
    expiresAt: null,
    holdsUntil: new Date(T0 + OFFER_RULES.holdMs).toISOString(),
    acceptedCents: 2500,
  };

  // The order prices from the decider's offers and the cart view from the document's, both
  // with heldPriceOf; that those offers agree is the conversation's test.
  it('is the accepted price while the offer holds, none once it lapsed or before it is accepted', () => {
    expect(heldPriceOf([accepted], T0)).toEqual({ offerId: 'o1', amountCents: 2500 });
    expect(heldPriceOf([accepted], T0 + OFFER_RULES.holdMs)).toBeNull();
    expect(
      heldPriceOf([{ ...accepted, status: 'pending', acceptedCents: null, holdsUntil: null }], T0),
    ).toBeNull();
  });
});
