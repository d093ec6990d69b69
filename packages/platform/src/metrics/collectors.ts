/**
 * Metrics read at scrape time, from what the running parts already know: nothing on the hot
 * path. Each scrape reads a source once (several families share one read); a source that fails
 * (an engine out of reach) leaves its series out of that scrape and counts in
 * `rewear_metrics_collect_failures_total`.
 */
import { Counter, Gauge } from 'prom-client';
import type { EventBus, EventStore, Subscription } from '@rewear/ports';
import {
  isPartitionedBus,
  isTrackedSubscription,
  publishedPositionOf,
  type PartitionOffsets,
} from '../runtime/frontier.ts';
import type { ProjectionRuntime } from '../runtime/projections.ts';
import { METRICS_PREFIX, type Metrics } from './metrics.ts';

/** How long one read of a source serves the families that share it (one scrape). */
const SCRAPE_MS = 1_000;

/**
 * `read` once per scrape: calls within `SCRAPE_MS` of one another, or while one is running,
 * share its result. A failure is not kept.
 */
export function perScrape<T>(read: () => Promise<T>, now = () => Date.now()): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    if (last && now() - last.at < SCRAPE_MS) return last.value;
    const value = read();
    const entry = { at: now(), value };
    last = entry;
    value.catch(() => {
      if (last === entry) last = null;
    });
    return value;
  };
}

type Labels<L extends string> = Partial<Record<L, string | number>>;

/**
 * A gauge whose series are all set at scrape time from `read` (none when it fails). `source`
 * names the read in `rewear_metrics_collect_failures_total`.
 */
function scrapedGauge<L extends string, T>(
  metrics: Metrics,
  definition: { name: string; help: string; labelNames: readonly L[]; source: string },
  read: () => Promise<T>,
  series: (value: T) => Array<[Labels<L>, number]>,
): Gauge<L> {
  return new Gauge<L>({
    name: `${METRICS_PREFIX}${definition.name}`,
    help: definition.help,
    labelNames: definition.labelNames,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      let value: T;
      try {
        value = await read();
      } catch {
        metrics.collectFailed(definition.source);
        return;
      }
      for (const [labels, number] of series(value)) this.set(labels, number);
    },
  });
}

/** A counter whose totals are kept elsewhere (the runtime, the consumer) and read at scrape time. */
function scrapedCounter<L extends string, T>(
  metrics: Metrics,
  definition: { name: string; help: string; labelNames: readonly L[] },
  read: () => T,
  series: (value: T) => Array<[Labels<L>, number]>,
): Counter<L> {
  return new Counter<L>({
    name: `${METRICS_PREFIX}${definition.name}`,
    help: definition.help,
    labelNames: definition.labelNames,
    registers: [metrics.registry],
    collect() {
      this.reset();
      for (const [labels, number] of series(read())) this.inc(labels, number);
    },
  });
}

const PROJECTOR_LABELS = ['projector', 'generation'] as const;

/**
 * Per projector and live generation, from the runtime's `status()` (what /api/ops/status
 * answers): checkpoint and head positions, lag in events, stored dead letters; events applied
 * in this process (per generation, a rebuild's included); and, on a bus of one partition (the
 * embedded log), lag in seconds: the age of the oldest event not yet applied (one read of the
 * log per lagging projector). On Kafka the runtime's position is the highest over partitions,
 * which does not name the oldest event waiting, so lag in seconds is left out there; the
 * consumers' lag per partition is `rewear_kafka_consumer_lag_messages`.
 */
export function collectProjections(
  metrics: Metrics,
  runtime: Pick<ProjectionRuntime, 'status' | 'activity'>,
  platform: { eventStore: EventStore; bus: EventBus },
  now: () => number = Date.now,
): void {
  const status = perScrape(() => runtime.status());
  const gauge = (name: string, help: string, value: (s: ProjectorStatusOf) => number) =>
    scrapedGauge(
      metrics,
      { name, help, labelNames: PROJECTOR_LABELS, source: 'projections' },
      status,
      (statuses) =>
        statuses.map((s) => [{ projector: s.projector, generation: s.generation }, value(s)]),
    );
  gauge(
    'projector_checkpoint_position',
    'Highest log position the projector has processed (on Kafka: over its partitions)',
    (s) => s.position,
  );
  gauge(
    'projector_head_position',
    'Position of the newest event in the log',
    (s) => s.headPosition,
  );
  gauge(
    'projector_lag_events',
    'Events in the log the projector has not processed yet',
    (s) => s.lag,
  );
  gauge(
    'projector_dead_letters',
    'Dead letters stored for the live generation (events the projector could not apply)',
    (s) => s.deadLetters,
  );

  if (!isPartitionedBus(platform.bus)) {
    scrapedGauge(
      metrics,
      {
        name: 'projector_lag_seconds',
        help: 'Age of the oldest event the projector has not processed yet (0 when caught up)',
        labelNames: PROJECTOR_LABELS,
        source: 'projections',
      },
      async () => {
        const statuses = await status();
        return Promise.all(
          statuses.map(async (s) => {
            if (s.lag === 0) return [s, 0] as const;
            const [next] = await platform.eventStore.readAll(s.position, 1);
            const occurred = next ? Date.parse(next.occurredAt) : NaN;
            return [
              s,
              Number.isNaN(occurred) ? 0 : Math.max(0, (now() - occurred) / 1000),
            ] as const;
          }),
        );
      },
      (lags) =>
        lags.map(([s, seconds]) => [{ projector: s.projector, generation: s.generation }, seconds]),
    );
  }

  scrapedCounter(
    metrics,
    {
      name: 'projector_events_applied_total',
      help: 'Events the projector applied without error in this process, per generation (a rebuild’s included)',
      labelNames: PROJECTOR_LABELS,
    },
    () => runtime.activity(),
    (activity) =>
      activity.flatMap((a) =>
        a.applied.map(({ generation, events }): [Labels<'projector' | 'generation'>, number] => [
          { projector: a.projector, generation },
          events,
        ]),
      ),
  );

  if (isPartitionedBus(platform.bus)) collectKafkaConsumers(metrics, runtime, platform.bus);
}

/**
 * What a subscription's Kafka consumer has done, as @rewear/kafka counts it
 * (kafka-consumer-activity.ts); the metrics read it at scrape time.
 */
export interface ConsumerActivity {
  group: string;
  memberId: string | null;
  generation: number | null;
  /** `topic:partition` assigned at the last join. */
  assigned: string[];
  joins: number;
  rebalances: number;
  crashes: number;
  fetches: number;
  batches: number;
  commits: number;
  startedAt: number;
  lastJoinAt: number | null;
  lastFetchAt: number | null;
  lastBatchAt: number | null;
  lastCommitAt: number | null;
  /** The last crash, in words. */
  lastCrash: string | null;
  /** Consumers replaced because they stalled. */
  replacements: number;
  /** A batch is being handled (however long it takes, the consumer is not stalled). */
  handling: boolean;
}

type ProjectorStatusOf = Awaited<ReturnType<ProjectionRuntime['status']>>[number];

interface ConsumerOf {
  subscription: string;
  activity: ConsumerActivity;
  processed: PartitionOffsets;
}

/** A subscription that counts what its consumer did (@rewear/kafka's KafkaSubscription). */
const hasActivity = (
  subscription: Subscription | null,
): subscription is Subscription & {
  activity(): ConsumerActivity;
  processedOffsets(): PartitionOffsets;
} =>
  isTrackedSubscription(subscription) &&
  typeof (subscription as { activity?: unknown }).activity === 'function';

/**
 * Per subscription (consumer group) of the projectors on Kafka: joins, rebalances, crashes and
 * replacements of its consumer (@rewear/kafka counts them), and lag per partition: the high
 * watermark less the offset after the last message it handled.
 */
function collectKafkaConsumers(
  metrics: Metrics,
  runtime: Pick<ProjectionRuntime, 'status' | 'activity'>,
  bus: { highWatermarks(): Promise<PartitionOffsets> },
): void {
  const consumers = (): ConsumerOf[] =>
    runtime.activity().flatMap(({ subscription }) =>
      hasActivity(subscription)
        ? [
            {
              subscription: subscription.activity().group,
              activity: subscription.activity(),
              processed: subscription.processedOffsets(),
            },
          ]
        : [],
    );
  const counter = (name: string, help: string, value: (a: ConsumerActivity) => number) =>
    scrapedCounter(
      metrics,
      { name, help, labelNames: ['subscription'] as const },
      consumers,
      (list) => list.map((c) => [{ subscription: c.subscription }, value(c.activity)]),
    );
  counter('kafka_consumer_joins_total', 'Times the consumer joined its group', (a) => a.joins);
  counter(
    'kafka_consumer_rebalances_total',
    'Rebalances of the consumer’s group it took part in',
    (a) => a.rebalances,
  );
  counter('kafka_consumer_crashes_total', 'Crashes of the consumer', (a) => a.crashes);
  counter(
    'kafka_consumer_replacements_total',
    'Consumers replaced by a new member of the group (after a crash or a stall)',
    (a) => a.replacements,
  );
  const marks = perScrape(() => bus.highWatermarks());
  scrapedGauge(
    metrics,
    {
      name: 'kafka_consumer_lag_messages',
      help: 'Messages of a partition the consumer has not handled: high watermark less its processed offset',
      labelNames: ['subscription', 'partition'] as const,
      source: 'kafka',
    },
    async () => ({ marks: await marks(), consumers: consumers() }),
    ({ marks, consumers }) =>
      consumers.flatMap((c) =>
        Object.entries(marks).map(
          ([partition, mark]): [Labels<'subscription' | 'partition'>, number] => {
            const processed = c.processed[partition] ?? 0n;
            return [
              { subscription: c.subscription, partition },
              Number(mark > processed ? mark - processed : 0n),
            ];
          },
        ),
      ),
  );
}

/**
 * The outbox (MongoDB store and Kafka): positions appended but not yet published to the bus,
 * head less the relay's published position (read as the projections read it; the relay of any
 * process may hold the lease). Nothing when no relay publishes this store.
 */
export function collectOutbox(metrics: Metrics, eventStore: EventStore): void {
  const published = publishedPositionOf(eventStore);
  if (!published) return;
  scrapedGauge(
    metrics,
    {
      name: 'outbox_backlog_events',
      help: 'Events appended to the store but not yet published to the bus by the outbox relay',
      labelNames: [] as const,
      source: 'outbox',
    },
    async () => {
      const [head, done] = await Promise.all([eventStore.headPosition(), published()]);
      return Math.max(0, head - done);
    },
    (backlog) => [[{}, backlog]],
  );
}

/** Live notification streams open (or opening) on this process. */
export function collectLiveStreams(metrics: Metrics, feed: { size(): number }): void {
  new Gauge({
    name: `${METRICS_PREFIX}live_notification_streams`,
    help: 'Live notification streams (Server-Sent Events) open on this process',
    registers: [metrics.registry],
    collect() {
      this.set(feed.size());
    },
  });
}
