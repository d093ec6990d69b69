/**
 * Whether an email is subscribed is written once (src/newsletter/domain.ts: subscribedAfter),
 * and so is the form an email is known by (subscriberEmail): the state the decider folds from a
 * subscription's stream and the subscriber document the projection keeps from the same events
 * agree step by step, and however an email is written it has one stream and one document.
 */
import { describe, expect, it } from 'vitest';
import { newsletterDecider, subscriptionIdFor } from '@rewear/features/newsletter/decider';
import { NEWSLETTER_EVENTS, type NewsletterEvent } from '@rewear/features/newsletter/domain';
import {
  newsletterProjector,
  projectSubscriber,
  subscriberId,
  type NewsletterEnvelope,
  type SubscriberDoc,
} from '@rewear/features/newsletter/projection';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { delivered } from './support/delivered.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (i: number) => new Date(T0 + i * 1000).toISOString();
const CONTEXT = { now: new Date(T0), newId: () => 'id' };

const subscribed = (email = 'ann@example.com'): NewsletterEvent => ({
  type: 'NewsletterSubscribed',
  data: { email },
});
const unsubscribed = (email = 'ann@example.com'): NewsletterEvent => ({
  type: 'NewsletterUnsubscribed',
  data: { email },
});

const STREAMS: Array<[string, NewsletterEvent[]]> = [
  ['a subscription', [subscribed()]],
  ['undone', [subscribed(), unsubscribed()]],
  ['subscribed again', [subscribed(), unsubscribed(), subscribed()]],
  ['a subscribe delivered twice', [subscribed(), subscribed()]],
  ['written in another case', [subscribed('Ann@Example.com'), unsubscribed('ANN@example.com')]],
];

describe('a subscription, the same on both sides', () => {
  it.each(STREAMS)('%s', (_, events) => {
    const envelopes = delivered<NewsletterEnvelope>('subscription-s1', events, iso);
    let state = newsletterDecider.initialState();
    const docs = new Map<string, SubscriberDoc>();
    envelopes.forEach((envelope, i) => {
      state = newsletterDecider.evolve(state, events[i]!);
      const id = subscriberId(envelope.data.email);
      const doc = projectSubscriber(docs.get(id) ?? null, envelope);
      if (doc) docs.set(id, doc);
      else docs.delete(id);
      expect(docs.size, `after event ${i + 1}`).toBe(state.subscribed ? 1 : 0);
    });
  });

  it('covers every newsletter event', () => {
    const types = STREAMS.flatMap(([, events]) => events.map((e) => e.type));
    expect(new Set(types)).toEqual(new Set(NEWSLETTER_EVENTS));
  });

  it('knows an email by one stream and one document however it is written', async () => {
    const written = [' Ann@Example.com', 'ann@example.com', 'ANN@EXAMPLE.COM '];
    expect(new Set(written.map(subscriptionIdFor)).size).toBe(1);

    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    let state = newsletterDecider.initialState();
    const events: NewsletterEvent[] = [];
    for (const email of written) {
      const decided = newsletterDecider.decide({ type: 'Subscribe', email }, state, CONTEXT);
      decided.forEach((event) => (state = newsletterDecider.evolve(state, event)));
      events.push(...decided);
    }
    expect(events).toEqual([subscribed('ann@example.com')]);
    for (const envelope of delivered<NewsletterEnvelope>('subscription-s1', events, iso))
      await newsletterProjector.apply(envelope, side);
    const subscribers = store.collection<SubscriberDoc>(READ_MODELS.newsletterSubscribers);
    expect(await subscribers.find({})).toEqual([
      { _id: 'ann@example.com', email: 'ann@example.com', subscribed_at: iso(0) },
    ]);
  });

  it('refuses to unsubscribe an email that is not subscribed', () => {
    expect(() =>
      newsletterDecider.decide(
        { type: 'Unsubscribe', email: 'ann@example.com' },
        newsletterDecider.initialState(),
        CONTEXT,
      ),
    ).toThrow('This email is not subscribed');
  });
});
