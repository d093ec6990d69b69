/**
 * What makes the consistency token exact on a bus with several partitions (Kafka). A projector
 * has processed position P once every position ≤ P is published and, on every partition it
 * consumes, either its checkpoint is at P or beyond, or it has processed every message the
 * partition held once P was published (the high watermark taken after that).
 */
import type { EventBus, EventStore, Subscription } from '@rewear/ports';

/** Offsets keyed `topic:partition`: the offset of the next message (Kafka's high watermark). */
export type PartitionOffsets = Record<string, bigint>;

/** A bus whose delivery spreads over partitions that advance independently. */
export interface PartitionedBus extends EventBus {
  /** Current high watermark of every partition the bus's subscriptions consume. */
  highWatermarks(): Promise<PartitionOffsets>;
  /** Per partition, the offset after the last message the subscription `name` handled durably. */
  committedOffsets(name: string): Promise<PartitionOffsets>;
}

/** A subscription of a partitioned bus: where its handled batches have got to. */
export interface TrackedSubscription extends Subscription {
  /** Per partition, the offset after the last message whose batch was handled (or skipped). */
  processedOffsets(): PartitionOffsets;
}

export const isPartitionedBus = (bus: EventBus): bus is PartitionedBus =>
  typeof (bus as Partial<PartitionedBus>).highWatermarks === 'function';

export const isTrackedSubscription = (
  subscription: Subscription | null,
): subscription is TrackedSubscription =>
  typeof (subscription as Partial<TrackedSubscription> | null)?.processedOffsets === 'function';

/**
 * How far the outbox of a store is published, by store: the relay that publishes a store's
 * commits registers here, so the projections reading the same store can tell whether a
 * position has reached the bus at all.
 */
const publishedSources = new WeakMap<EventStore, () => Promise<number>>();

export function registerPublishedPosition(
  store: EventStore,
  read: () => Promise<number>,
): () => void {
  publishedSources.set(store, read);
  return () => {
    if (publishedSources.get(store) === read) publishedSources.delete(store);
  };
}

export function publishedPositionOf(store: EventStore): (() => Promise<number>) | null {
  return publishedSources.get(store) ?? null;
}
