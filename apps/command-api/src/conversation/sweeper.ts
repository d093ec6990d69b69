/**
 * The offers' timers (docs/product.md §13, OFFER_RULES): an offer or a counter unanswered for
 * 48 h expires, and an accepted offer not bought within 24 h stops holding its price. Like the
 * shipment sweeper it follows the event log itself; the decider checks the time again, so an
 * early or repeated sweep changes nothing.
 */

import { createSweeper, type Sweeper, type SweeperOptions } from '../shared/sweeper.ts';
import { conversations } from './aggregate.ts';

export type OfferSweeperOptions = SweeperOptions;

/** Its sweep expires what is due and answers the conversations that changed. */
export type OfferSweeper = Sweeper<string[]>;

export function createOfferSweeper(options: OfferSweeperOptions): OfferSweeper {
  // Due times by offer: the end of its answer window or of its hold.
  const due = new Map<string, { conversationId: string; at: number }>();
  return createSweeper(options, {
    actor: 'system:offer-sweeper',
    label: 'offers',
    failureMessage: (conversationId) => `sweep of ${conversationId} failed`,
    intervalMs: 60_000,
    follow(event) {
      switch (event.type) {
        case 'OfferMade':
        case 'OfferCountered':
          due.set(event.data.offerId, {
            conversationId: event.data.conversationId,
            at: Date.parse(event.data.expiresAt),
          });
          break;
        case 'OfferAccepted':
          due.set(event.data.offerId, {
            conversationId: event.data.conversationId,
            at: Date.parse(event.data.holdsUntil),
          });
          break;
        case 'OfferDeclined':
        case 'OfferExpired':
        case 'OfferRedeemed':
          due.delete(event.data.offerId);
          break;
      }
    },
    async sweep({ now, env, forEach }) {
      const touched = new Set<string>();
      for (const [offerId, timer] of due) {
        if (timer.at > now) continue;
        touched.add(timer.conversationId);
        due.delete(offerId);
      }
      const changed: string[] = [];
      await forEach(touched, async (conversationId) => {
        const outcome = await conversations.handle(env(), conversationId, {
          type: 'ExpireDueOffers',
        });
        if (outcome.events.length > 0) changed.push(conversationId);
      });
      return changed;
    },
  });
}
