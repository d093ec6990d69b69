/**
 * The inbox (docs/product.md §11.6): one projector owns the `inbox` collection, and each feature
 * that notifies contributes a notifier: the event types it listens to, a pure-as-possible
 * `notify` saying who hears what, and any state of its own it needs to say so (for example who
 * liked a listing), in collections the inbox projector owns with it, so a rebuild replays them
 * together.
 *
 * A notification's id is derived from its event and recipient: a redelivered or replayed event
 * puts the same document again.
 */
import type { Projector } from '@rewear/platform';
import type { IndexSpec } from '@rewear/ports';
import { READ_MODELS, type InboxDoc } from '@rewear/features/shared/read-models';
import type { InboxDraft, Notifier } from './notifier.ts';
import { savedSearchNotifier } from './saved-searches.ts';
import { priceDropNotifier } from './price-drops.ts';
import { offerNotifier } from './offers.ts';
import { messageNotifier } from './messages.ts';
import { paymentRefundNotifier } from './payment-refunds.ts';

export type { InboxDraft, Notifier };

/** Pure: the inbox documents of an event's drafts. */
export function inboxDocs(
  event: { streamId: string; streamVersion: number; occurredAt: string },
  drafts: readonly InboxDraft[],
): InboxDoc[] {
  return drafts.map((draft) => ({
    _id: `${event.streamId}:${event.streamVersion}:${draft.recipient_id}`,
    ...draft,
    at: event.occurredAt,
  }));
}

/** The inbox projector of these notifiers. */
export function inboxProjector(notifiers: readonly Notifier[]): Projector {
  const handles = [...new Set(notifiers.flatMap((notifier) => notifier.handles))];
  const collections: Record<string, IndexSpec[]> = {
    [READ_MODELS.inbox]: [{ keys: { recipient_id: 1, at: -1 } }],
  };
  for (const notifier of notifiers) Object.assign(collections, notifier.collections ?? {});
  return {
    name: 'inbox',
    collections,
    handles,
    async apply(event, target) {
      const inbox = target.collection<InboxDoc>(READ_MODELS.inbox);
      for (const notifier of notifiers) {
        if (!(notifier.handles as readonly string[]).includes(event.type)) continue;
        const drafts = await notifier.notify(event as never, target);
        for (const doc of inboxDocs(event, drafts)) await inbox.put(doc);
      }
    },
  };
}

/**
 * The features' notifiers. A feature adds its own here (one file per feature beside this one,
 * exporting a `Notifier`).
 */
export const NOTIFIERS: Notifier[] = [
  savedSearchNotifier as Notifier,
  priceDropNotifier as Notifier,
  offerNotifier as Notifier,
  messageNotifier as Notifier,
  paymentRefundNotifier as Notifier,
];
