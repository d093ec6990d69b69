import { describe, expect, it } from 'vitest';
import { runSaga, stdChannel } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { ConversationView, NotificationView } from '@rewear/contracts';
import { fakeApi } from '../../api/fakeApi.ts';
import reducer, {
  conversationRequested,
  initialMessagesState,
  notificationReceived,
  offerAnswered,
  type MessagesState,
} from './messagesSlice.ts';
import { messagesSaga } from './messagesSaga.ts';
import { moveOf, offerProblem, stepText } from './offerSteps.ts';
import { tiersOf } from './BundleSettings.tsx';

const view = (over: Partial<ConversationView> = {}): ConversationView => ({
  conversationId: 'l1_b1',
  listingId: 'l1',
  listingTitle: 'Coat',
  listingImage: '',
  listPrice: 40,
  buyerId: 'b1',
  sellerId: 's1',
  otherName: 'Sam',
  role: 'buyer',
  lastText: '',
  lastAt: '2026-03-01T12:00:00.000Z',
  offers: [],
  entries: [],
  canOffer: true,
  ...over,
});

const note = (over: Partial<NotificationView> = {}): NotificationView => ({
  id: 'n1',
  kind: 'message',
  text: 'New message',
  link: '/messages/l1_b1',
  at: '2026-03-01T12:00:00.000Z',
  read: false,
  ...over,
});

/** Runs the feature's saga against a fake API; `actions` are dispatched once it started. */
async function run(api: ReturnType<typeof fakeApi>, actions: UnknownAction[]) {
  let state: MessagesState = initialMessagesState;
  const dispatched: UnknownAction[] = [];
  const channel = stdChannel<UnknownAction>();
  const task = runSaga(
    {
      context: { api },
      channel,
      dispatch: (a: UnknownAction) => {
        dispatched.push(a);
        state = reducer(state, a);
        channel.put(a);
      },
      getState: () => ({ messages: state }),
    },
    messagesSaga,
  );
  for (const action of actions) {
    state = reducer(state, action);
    channel.put(action);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
  task.cancel();
  return { state: () => state, dispatched };
}

describe('conversation page, live', () => {
  it('reads the open conversation again when a notification links to it, not for another', async () => {
    let reads = 0;
    const api = fakeApi({
      'GET /api/conversations/l1_b1': () => {
        reads += 1;
        return view({ lastText: `read ${reads}` });
      },
    });
    const { state } = await run(api, [
      conversationRequested('l1_b1'),
      notificationReceived(note({ link: '/messages/l2_b1' })),
      notificationReceived(note()),
    ]);
    expect(reads).toBe(2);
    expect(state().conversation.view?.lastText).toBe('read 2');
  });

  it('an accepted offer asks for the cart again, so checkout charges the offered price', async () => {
    const api = fakeApi({
      'GET /api/conversations/l1_b1': () => view(),
      'POST /api/conversations/l1_b1/offers/o1/accept': () => ({
        position: 9,
        offer: { offerId: 'o1', status: 'accepted', amount: 25, counterAmount: 30 },
      }),
    });
    const { dispatched } = await run(api, [
      conversationRequested('l1_b1'),
      offerAnswered({ conversationId: 'l1_b1', offerId: 'o1', action: 'accept' }),
    ]);
    expect(dispatched.map((a) => a.type)).toContain('cart/refreshRequested');
    expect(api.calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });
});

describe('offer steps', () => {
  it('says each step from the reader’s side', () => {
    const entry = {
      id: 'e',
      kind: 'offer_countered' as const,
      authorId: 's1',
      text: null,
      offerId: 'o1',
      amount: 32,
      at: '',
    };
    expect(stepText(entry, { role: 'buyer' }, 'b1')).toBe('The seller countered with $32.00');
    expect(stepText(entry, { role: 'seller' }, 's1')).toBe('You countered with $32.00');
  });

  it('offers each party only the answer the step waits for', () => {
    const offer = {
      offerId: 'o',
      amount: 25,
      counterAmount: null,
      expiresAt: null,
      holdsUntil: null,
    };
    expect(moveOf({ ...offer, status: 'pending' }, 'seller')).toBe('answerOffer');
    expect(moveOf({ ...offer, status: 'pending' }, 'buyer')).toBe('wait');
    expect(moveOf({ ...offer, status: 'countered' }, 'buyer')).toBe('answerCounter');
    expect(moveOf({ ...offer, status: 'accepted' }, 'buyer')).toBe('buy');
    expect(moveOf({ ...offer, status: 'expired' }, 'buyer')).toBe('none');
  });

  it('checks an offer amount before sending it', () => {
    expect(offerProblem('19.99', 40)).toMatch(/at least \$20\.00/);
    expect(offerProblem('40', 40)).toMatch(/below the price/);
    expect(offerProblem('abc', 40)).toMatch(/enter an amount/);
    expect(offerProblem('25', 40)).toBeNull();
  });

  it('reads bundle rows into tiers, skipping empty rows', () => {
    expect(
      tiersOf([
        { minItems: '3', percent: '20' },
        { minItems: '2', percent: '10' },
        { minItems: '', percent: '' },
      ]),
    ).toEqual([
      { minItems: 2, percent: 10 },
      { minItems: 3, percent: 20 },
    ]);
    expect(tiersOf([{ minItems: '1', percent: '10' }])).toMatch(/2 to 20 items/);
  });
});
