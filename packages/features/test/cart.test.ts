/**
 * A cart's lines are folded once (src/cart/domain.ts): the state the decider folds from a stream
 * and the document the projection keeps from the same events agree, line by line and in order,
 * after every step; and a held offer prices a line the same from the decider's conversation
 * state as from the conversation's document.
 */
import { describe, expect, it } from 'vitest';
import { OFFER_RULES, schemaVersionOf, validateEvent } from '@rewear/contracts';
import { cartDecider } from '@rewear/features/cart/decider';
import { CART_EVENTS, heldPriceOf, type CartEvent } from '@rewear/features/cart/domain';
import {
  projectCart,
  quantitiesOf,
  type CartDoc,
  type CartEnvelope,
} from '@rewear/features/cart/projection';
import { conversationDecider } from '@rewear/features/conversation/decider';
import type { ConversationEvent } from '@rewear/features/conversation/domain';
import {
  offerOfDoc,
  projectConversation,
  type ConversationEnvelope,
} from '@rewear/features/conversation/projection';

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

/** Events as the store would deliver them to a projection. */
function envelopes<E extends { type: string; data: unknown }, Out>(
  streamId: string,
  events: E[],
): Out[] {
  return events.map((event, i) => {
    validateEvent(event.type as never, schemaVersionOf(event.type as never), event.data);
    return {
      id: `evt-${i + 1}`,
      type: event.type,
      schemaVersion: schemaVersionOf(event.type as never),
      streamId,
      streamVersion: i + 1,
      position: i + 1,
      occurredAt: new Date(Date.UTC(2026, 2, 1, 12, 0, i)).toISOString(),
      actor: null,
      correlationId: `corr-${i + 1}`,
      causationId: null,
      data: event.data,
    } as unknown as Out;
  });
}

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
    const delivered = envelopes<CartEvent, CartEnvelope>(`cart-${cartId}`, events);
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

describe('cart: a held offer prices a line the same on both sides', () => {
  const ref = {
    conversationId: 'l1_b1',
    listingId: 'l1',
    listingTitle: 'Wool coat',
    buyerId: 'b1',
    sellerId: 's1',
  };
  const T0 = Date.parse('2026-03-01T12:00:00.000Z');
  const iso = (ms: number) => new Date(T0 + ms).toISOString();
  const events: ConversationEvent[] = [
    {
      type: 'OfferMade',
      data: {
        ...ref,
        offerId: 'o1',
        amountCents: 2500,
        listPriceCents: 4000,
        madeAt: iso(0),
        expiresAt: iso(OFFER_RULES.answerWithinMs),
      },
    },
    {
      type: 'OfferAccepted',
      data: {
        ...ref,
        offerId: 'o1',
        acceptedBy: 'seller',
        amountCents: 2500,
        acceptedAt: iso(1000),
        holdsUntil: iso(1000 + OFFER_RULES.holdMs),
      },
    },
  ];

  it('at the accepted price while it holds, at none once it lapsed', () => {
    const state = events.reduce(conversationDecider.evolve, conversationDecider.initialState());
    const doc = envelopes<ConversationEvent, ConversationEnvelope>(
      'conversation-l1_b1',
      events,
    ).reduce<ReturnType<typeof projectConversation> | null>(projectConversation, null)!;
    for (const now of [T0, T0 + 1000, T0 + OFFER_RULES.holdMs, T0 + 1000 + OFFER_RULES.holdMs]) {
      expect(heldPriceOf(doc.offers.map(offerOfDoc), now)).toEqual(heldPriceOf(state.offers, now));
    }
    expect(heldPriceOf(state.offers, T0 + 1000)).toEqual({ offerId: 'o1', amountCents: 2500 });
    expect(heldPriceOf(state.offers, T0 + 1000 + OFFER_RULES.holdMs)).toBeNull();
  });
});
