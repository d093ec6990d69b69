/**
 * The offers' timers (docs/product.md §13, OFFER_RULES): an offer or a counter unanswered for
 * 48 h expires, and an accepted offer not bought within 24 h stops holding its price. Like the
 * shipment sweeper it follows the event log itself; the decider checks the time again, so an
 * early or repeated sweep changes nothing.
 */
import type { DomainEvent } from '@rewear/contracts';
import type { EventStore } from '@rewear/platform';
import {
  createAggregateRepository,
  handleCommand,
  type CommandEnvironment,
} from '../shared/decider.ts';
import { conversationDecider, conversationStream } from './decider.ts';

export interface OfferSweeperOptions {
  eventStore: EventStore;
  clock?: () => Date;
  newId?: () => string;
  onError?: (conversationId: string, error: unknown) => void;
}

export interface OfferSweeper {
  /** Expires what is due; answers the conversations that changed. */
  sweep(): Promise<string[]>;
  start(intervalMs?: number): () => Promise<void>;
}

export function createOfferSweeper(options: OfferSweeperOptions): OfferSweeper {
  const clock = options.clock ?? (() => new Date());
  const newId = options.newId ?? (() => crypto.randomUUID());
  const onError =
    options.onError ??
    ((conversationId, error) => console.error(`[offers] sweep of ${conversationId} failed`, error));
  const aggregates = createAggregateRepository(options.eventStore);
  // Due times by offer: the end of its answer window or of its hold.
  const due = new Map<string, { conversationId: string; at: number }>();
  let seen = 0;

  async function catchUp() {
    for (;;) {
      const events = await options.eventStore.readAll(seen, 2000);
      if (events.length === 0) return;
      for (const envelope of events) {
        const event = envelope as unknown as DomainEvent;
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
      }
      seen = events.at(-1)!.position;
    }
  }

  const envOf = (): CommandEnvironment => ({
    aggregates,
    now: clock,
    newId,
    actor: 'system:offer-sweeper',
    correlationId: newId(),
  });

  async function sweepOnce(): Promise<string[]> {
    await catchUp();
    const now = clock().getTime();
    const conversations = new Set<string>();
    for (const [offerId, timer] of due) {
      if (timer.at > now) continue;
      conversations.add(timer.conversationId);
      due.delete(offerId);
    }
    const changed: string[] = [];
    for (const conversationId of conversations) {
      try {
        const outcome = await handleCommand(
          envOf(),
          conversationDecider,
          conversationStream(conversationId),
          { type: 'ExpireDueOffers' },
        );
        if (outcome.events.length > 0) changed.push(conversationId);
      } catch (err) {
        onError(conversationId, err);
      }
    }
    return changed;
  }

  let running: Promise<string[]> | null = null;
  const sweep = () => {
    const next = (running ?? Promise.resolve([])).catch(() => []).then(sweepOnce);
    running = next;
    return next;
  };

  return {
    sweep,
    start(intervalMs = 60_000) {
      const timer = setInterval(() => {
        sweep().catch((err) => console.error('[offers] sweep failed', err));
      }, intervalMs);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running?.catch(() => {});
      };
    },
  };
}
