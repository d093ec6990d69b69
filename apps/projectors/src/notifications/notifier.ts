/**
 * What a feature that notifies writes (docs/product.md §11.6): a notifier for the inbox
 * projector (inbox.ts), which mounts them all. Apart from inbox.ts, so that the notifiers import
 * these types and the inbox imports the notifiers, with no circle between them.
 */
import type { EnvelopeOf, EventType } from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import type { IndexSpec } from '@rewear/ports';
import type { InboxDoc } from '@rewear/features/shared/read-models';

/** What a notifier says: who hears of the event, and what they read. */
export type InboxDraft = Pick<InboxDoc, 'recipient_id' | 'kind' | 'text' | 'link'>;

export interface Notifier<T extends EventType = EventType> {
  /** The event types it listens to. */
  handles: readonly T[];
  /** Collections of its own state, with their indexes (owned by the inbox projector). */
  collections?: Record<string, IndexSpec[]>;
  /** The notifications `event` raises. It may read and write its own collections only. */
  notify(event: EnvelopeOf<T>, target: ReadSide): InboxDraft[] | Promise<InboxDraft[]>;
}
