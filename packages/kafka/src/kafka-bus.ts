/**
 * The distributed event bus on Kafka (kafkajs 2.2.4). A topic per aggregate type
 * (`<prefix>.cart`, …), keyed by stream id, so a stream's events stay in one partition and in
 * order. The outbox relay produces; subscriptions are consumer groups named after the
 * subscription. The durable checkpoint is the group's committed offset, committed only after
 * `handle` resolved; `from` (positions per `topic:partition`) skips events a subscriber already
 * applied (the redelivery after a crash between its write and the offset commit).
 */
import { Kafka, logLevel, type Admin, type Consumer, type KafkaMessage } from 'kafkajs';
import { AGGREGATE_TYPES, parseStreamId, type EventEnvelope } from '@rewear/contracts';
import type { Checkpoint, SubscribeOptions } from '@rewear/ports';
import type { PartitionOffsets, PartitionedBus, TrackedSubscription } from '@rewear/platform';
import { invalidReason } from '@rewear/platform/adapters';
import { loggerFor } from '@rewear/platform/logging';
import { ROOT_CONTEXT, SpanKind, trace, type SpanContext } from '@opentelemetry/api';
import {
  batchParents,
  markFailed,
  spanContextOfHeaders,
  tracer,
  tracingEnabled,
} from '@rewear/platform/tracing';
import {
  isStalled,
  lastSignOf,
  newConsumerActivity,
  recordConsumerActivity,
  type ConsumerActivity,
} from './kafka-consumer-activity.ts';

export const DEFAULT_TOPIC_PREFIX = 'rewear';
/**
 * A member killed without leaving its group holds up every join of that group until its session
 * times out: with kafkajs's 30 s default, a restarted projectors process waited about 30 s for
 * its first group, and every group waited as long after a broker restart. Heartbeats go every
 * 3 s, and during a long batch every second, so 10 s leaves room for three missed beats.
 */
export const DEFAULT_SESSION_TIMEOUT_MS = 10_000;
/**
 * How long the broker holds an empty fetch. A fetch returns as soon as a record arrives, so this
 * does not delay delivery; it bounds how late a member sees a rebalance and how often an idle
 * consumer asks. At 100 ms the projectors' 18 groups made about 180 fetches a second while idle:
 * 27 % of a core in the projectors and 18 % in the broker, doing nothing.
 */
const FETCH_MAX_WAIT_MS = 1_000;
const DEFAULT_STALL_TIMEOUT_MS = 45_000;
/**
 * How a consumer retries a failed request (a join, a fetch, an offset commit) before it crashes
 * and is replaced: 8 retries, 0.3 s doubling to at most 2 s, about 12 s in all. kafkajs's
 * default pauses double to 30 s. An offset commit that met a restarted broker kept asking the
 * coordinator it had cached, was answered "not the coordinator" for the whole 95 s of those
 * retries, and its batch held the consumer (a batch in hand is not a stall); a new consumer
 * joined in 2 to 5 s.
 */
const CONSUMER_RETRY = { retries: 8, initialRetryTime: 300, maxRetryTime: 2_000 } as const;

export const topicsOf = (prefix: string) => AGGREGATE_TYPES.map((type) => `${prefix}.${type}`);
export const topicOfStream = (prefix: string, streamId: string) =>
  `${prefix}.${parseStreamId(streamId).type}`;

/** Creates the aggregate topics that do not exist yet. */
export async function ensureTopics(
  admin: Admin,
  prefix: string,
  partitions: number,
): Promise<void> {
  const existing = new Set(await admin.listTopics());
  const missing = topicsOf(prefix).filter((topic) => !existing.has(topic));
  if (missing.length === 0) return;
  await admin.createTopics({
    waitForLeaders: true,
    topics: missing.map((topic) => ({ topic, numPartitions: partitions, replicationFactor: -1 })),
  });
}

const LOG_LEVELS: Record<string, logLevel> = {
  error: logLevel.ERROR,
  warn: logLevel.WARN,
  info: logLevel.INFO,
  debug: logLevel.DEBUG,
};

/**
 * Kafka's own log lines go through this, quietly unless they are errors; KAFKA_LOG_LEVEL=info
 * (or warn, debug) shows kafkajs's own account of joins, heartbeats and fetches.
 */
export function kafkaLogger(
  level: logLevel = LOG_LEVELS[process.env.KAFKA_LOG_LEVEL?.toLowerCase() ?? ''] ?? logLevel.ERROR,
) {
  return {
    logLevel: level,
    logCreator:
      () =>
      ({
        namespace,
        level: entryLevel,
        log,
      }: {
        namespace: string;
        level: logLevel;
        log: { message: string } & Record<string, unknown>;
      }) => {
        if (entryLevel > level) return;
        const { message, timestamp: _timestamp, logger: _logger, ...details } = log;
        const line = `[kafka] ${namespace}: ${message} ${JSON.stringify(details)}`;
        // Debug and info entries at info: KAFKA_LOG_LEVEL alone decides whether they are shown.
        const logger = loggerFor('kafka');
        if (entryLevel <= logLevel.ERROR) logger.error({ namespace }, line);
        else if (entryLevel === logLevel.WARN) logger.warn({ namespace }, line);
        else logger.info({ namespace }, line);
      },
  };
}

export interface KafkaBusOptions {
  brokers: string[];
  clientId?: string;
  /** Topic names are `<topicPrefix>.<aggregate type>`. Default 'rewear'. */
  topicPrefix?: string;
  /** Partitions of topics this bus creates. Default 3. */
  partitions?: number;
  /** How long `subscribe` waits for the consumer to join its group. Default 30 s. */
  joinTimeoutMs?: number;
  /**
   * How long the group waits for a heartbeat before it evicts a consumer: also how long a member
   * that was killed (no LeaveGroup) holds up its group's next join. Default 10 s.
   */
  sessionTimeoutMs?: number;
  /** A consumer that has not fetched for this long while events wait is replaced. Default 45 s. */
  stallTimeoutMs?: number;
  /** Called with each consumer a subscription starts (instrumentation; tests stop one). */
  onConsumerStarted?: (consumer: Consumer, subscription: string) => void;
  /** A delivered event that fails its schema: still delivered, the consumer dead-letters it. */
  onInvalidEvent?: (event: EventEnvelope, reason: string, subscription: string) => void;
}

/** A subscription on Kafka: what its consumer has done, as well as where it stands. */
export interface KafkaSubscription extends TrackedSubscription {
  activity(): ConsumerActivity;
}

export interface KafkaBus extends PartitionedBus {
  readonly topics: string[];
  subscribe(options: SubscribeOptions): Promise<KafkaSubscription>;
  /** Offsets committed by the subscription (consumer group) `name`, per partition. */
  committedOffsets(name: string): Promise<PartitionOffsets>;
}

function decode(message: KafkaMessage): EventEnvelope | null {
  if (!message.value) return null;
  try {
    return JSON.parse(message.value.toString('utf8')) as EventEnvelope;
  } catch {
    return null;
  }
}

/**
 * Applies a batch that holds traced events inside a span (kind consumer) per trace: each a child
 * of that trace's first event's publishing span (`batchParents`).
 */
async function applyTraced(
  subscription: string,
  partition: string,
  events: EventEnvelope[],
  traced: SpanContext[],
  handle: SubscribeOptions['handle'],
): Promise<void> {
  const topic = partition.slice(0, partition.lastIndexOf(':'));
  const spans = batchParents(traced).map((parent) =>
    tracer().startSpan(
      `apply ${subscription}`,
      {
        kind: SpanKind.CONSUMER,
        attributes: {
          'messaging.system': 'kafka',
          'messaging.operation.type': 'process',
          'messaging.destination.name': topic,
          'messaging.destination.partition.id': partition.slice(topic.length + 1),
          'messaging.consumer.group.name': subscription,
          'messaging.batch.message_count': events.length,
          'rewear.position': events[events.length - 1]!.position,
        },
      },
      trace.setSpanContext(ROOT_CONTEXT, parent),
    ),
  );
  try {
    await handle({ events, partition });
  } catch (error) {
    for (const span of spans) markFailed(span, error);
    throw error;
  } finally {
    for (const span of spans) span.end();
  }
}

export function createKafkaBus(options: KafkaBusOptions): KafkaBus {
  const prefix = options.topicPrefix ?? DEFAULT_TOPIC_PREFIX;
  const partitions = options.partitions ?? 3;
  const topics = topicsOf(prefix);
  const kafka = new Kafka({
    clientId: options.clientId ?? 'rewear',
    brokers: options.brokers,
    ...kafkaLogger(),
  });
  const onInvalidEvent =
    options.onInvalidEvent ??
    ((event, reason, name) =>
      loggerFor('kafka-bus').warn(
        `[kafka-bus] subscription ${name}: event ${event.id} at position ${event.position} is invalid: ${reason}`,
      ));
  const consumers = new Set<Consumer>();
  const stoppers = new Set<() => Promise<void>>();
  let topicsReady: Promise<void> | null = null;
  // One admin client for offset look-ups, connected on first use.
  let admin: Promise<Admin> | null = null;
  const adminClient = () => {
    admin ??= (async () => {
      const client = kafka.admin();
      await client.connect();
      return client;
    })().catch((error) => {
      admin = null;
      throw error;
    });
    return admin;
  };

  const prepareTopics = () => {
    topicsReady ??= (async () => {
      const admin = kafka.admin();
      await admin.connect();
      try {
        await ensureTopics(admin, prefix, partitions);
      } finally {
        await admin.disconnect();
      }
    })().catch((error) => {
      topicsReady = null;
      throw error;
    });
    return topicsReady;
  };

  /** The group's committed offsets: a subscription commits a batch's only once it is handled. */
  const committedOffsets = async (groupId: string): Promise<PartitionOffsets> => {
    const offsets: PartitionOffsets = {};
    // Right after the topics are created the broker may not host every partition yet ("does not
    // host this topic-partition", a retriable error): asked again for a few seconds.
    let committed;
    for (let attempt = 1; ; attempt++) {
      try {
        committed = await (await adminClient()).fetchOffsets({ groupId, topics });
        break;
      } catch (error) {
        if (!(error as { retriable?: boolean }).retriable || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    for (const { topic, partitions: entries } of committed) {
      for (const { partition, offset } of entries) {
        if (Number(offset) >= 0) offsets[`${topic}:${partition}`] = BigInt(offset);
      }
    }
    return offsets;
  };

  /** The offset after the last message of every partition of the aggregate topics. */
  const highWatermarks = async (): Promise<PartitionOffsets> => {
    await prepareTopics();
    const client = await adminClient();
    const marks: PartitionOffsets = {};
    const offsets = await Promise.all(topics.map((topic) => client.fetchTopicOffsets(topic)));
    topics.forEach((topic, i) => {
      for (const { partition, high } of offsets[i]!) marks[`${topic}:${partition}`] = BigInt(high);
    });
    return marks;
  };

  // The stall checks of every subscription share one look at the high watermarks every few
  // seconds, instead of asking for every topic's offsets each.
  let recentMarks: { at: number; marks: Promise<PartitionOffsets> } | null = null;
  const sharedHighWatermarks = () => {
    if (!recentMarks || Date.now() - recentMarks.at > 4_000)
      recentMarks = { at: Date.now(), marks: highWatermarks() };
    const { marks } = recentMarks;
    marks.catch(() => (recentMarks = null));
    return marks;
  };

  return {
    topics,
    committedOffsets,

    highWatermarks,

    async subscribe({ name, from, handle }: SubscribeOptions): Promise<KafkaSubscription> {
      await prepareTopics();
      // Last position applied per partition: starts at `from`, then guards against redelivery.
      const applied: Checkpoint = { ...(from ?? {}) };
      // Offset after the last message handled per partition: starts at the group's committed
      // offsets (what earlier runs handled), then moves after each batch.
      const processed: PartitionOffsets = {};
      const raiseProcessed = (offsets: PartitionOffsets) => {
        for (const [partition, offset] of Object.entries(offsets))
          if (offset > (processed[partition] ?? 0n)) processed[partition] = offset;
      };
      raiseProcessed(await committedOffsets(name));
      const activity = newConsumerActivity(name, Date.now());
      const log = (line: string) => loggerFor('kafka-bus').info(`[kafka-bus] ${line}`);

      // Resolves at the first join of any of the subscription's consumers.
      let markJoined!: () => void;
      const joined = new Promise<void>((resolve) => (markJoined = resolve));
      let closed = false;

      /**
       * One consumer of the group. kafkajs's own restart after a crash is turned off: it raced
       * with a stop (a consumer stopped while its restart was joining came back as a member that
       * held partitions and applied nothing), and a restarted consumer was seen never to join
       * again after "the coordinator is loading". A crashed or stalled consumer is replaced
       * instead (below), by a new member that resumes from the committed offsets.
       */
      const startConsumer = async () => {
        const consumer = kafka.consumer({
          groupId: name,
          sessionTimeout: options.sessionTimeoutMs ?? DEFAULT_SESSION_TIMEOUT_MS,
          heartbeatInterval: 3_000,
          maxWaitTimeInMs: FETCH_MAX_WAIT_MS,
          retry: { ...CONSUMER_RETRY, restartOnFailure: async () => false },
        });
        consumers.add(consumer);
        activity.startedAt = Date.now();
        const unrecord = recordConsumerActivity(consumer, activity, log);
        options.onConsumerStarted?.(consumer, name);
        // A batch being applied when the consumer is stopped finishes, offset commit included.
        let stopping = false;
        let inFlight: Promise<void> = Promise.resolve();
        const stop = async () => {
          stopping = true;
          await inFlight;
          consumers.delete(consumer);
          await consumer.disconnect().catch(() => {});
          unrecord();
        };
        // A consumer stopped while it was still joining can finish the join afterwards: it is
        // disconnected again as soon as it shows up, so it holds no partitions.
        const dismissIfStopped = () => {
          if (stopping) setTimeout(() => void consumer.disconnect().catch(() => {}), 0);
        };
        consumer.on(consumer.events.FETCH, dismissIfStopped);
        consumer.on(consumer.events.GROUP_JOIN, () => {
          if (stopping) return dismissIfStopped();
          failures = 0;
          // Where the group starts this member: the committed offsets as the join left them
          // (the first look, before the join, may predate a commit that was still landing).
          void committedOffsets(name)
            .then(raiseProcessed)
            .catch(() => {});
          markJoined();
        });
        consumer.on(consumer.events.CRASH, ({ payload }) => {
          if (!stopping) replace(`it crashed (${payload.error.message})`);
        });
        try {
          await consumer.connect();
          await consumer.subscribe({ topics, fromBeginning: true });
          await consumer.run({
            autoCommit: false,
            eachBatchAutoResolve: false,
            eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
              if (stopping || batch.messages.length === 0 || !isRunning() || isStale()) return;
              activity.handling = true;
              const work = (async () => {
                const partition = `${batch.topic}:${batch.partition}`;
                const after = applied[partition] ?? 0;
                const events: EventEnvelope[] = [];
                // The publishing spans of the traced events (their messages' traceparent).
                const traced: SpanContext[] = [];
                const tracing = tracingEnabled();
                for (const message of batch.messages) {
                  const event = decode(message);
                  if (!event) {
                    loggerFor('kafka-bus').warn(
                      `[kafka-bus] ${partition} offset ${message.offset}: not an event envelope, skipped`,
                    );
                    continue;
                  }
                  if (event.position <= after) continue;
                  const reason = invalidReason(event);
                  if (reason) onInvalidEvent(event, reason, name);
                  events.push(event);
                  if (tracing) {
                    const published = spanContextOfHeaders(message.headers);
                    if (published) traced.push(published);
                  }
                }
                if (events.length > 0) {
                  // A batch may take longer than the session timeout (thousands of events of a
                  // catch-up on a slow read-model store): without heartbeats meanwhile the group
                  // evicts this member and the consumer stops for good ("the coordinator is not
                  // aware of this member"). heartbeat() sends one only when the interval is due.
                  const beat = setInterval(() => void heartbeat().catch(() => {}), 1_000);
                  try {
                    if (traced.length > 0)
                      await applyTraced(name, partition, events, traced, handle);
                    else await handle({ events, partition });
                  } finally {
                    clearInterval(beat);
                  }
                  applied[partition] = events[events.length - 1]!.position;
                }
                const lastOffset = batch.messages[batch.messages.length - 1]!.offset;
                resolveOffset(lastOffset);
                const next = BigInt(lastOffset) + 1n;
                raiseProcessed({ [partition]: next });
                await consumer.commitOffsets([
                  { topic: batch.topic, partition: batch.partition, offset: next.toString() },
                ]);
                await heartbeat();
              })();
              inFlight = work.catch(() => {});
              try {
                await work;
              } finally {
                activity.handling = false;
              }
            },
          });
        } catch (error) {
          await stop();
          throw error;
        }
        return { stop };
      };

      // Replacing: one at a time; a crash reported meanwhile (the new consumer's own) asks for
      // another round, after a longer wait (1, 2, 4, 8, then every 10 s until a join succeeds).
      let current: { stop(): Promise<void> } | null = null;
      let replacing: Promise<void> | null = null;
      let again = false;
      let failures = 0;
      let wakeUp = () => {};
      const pause = (ms: number) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, ms);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      function replace(why: string) {
        if (closed) return;
        if (replacing) {
          again = true;
          return;
        }
        activity.replacements += 1;
        log(
          `${name}: replacing the consumer: ${why} (${activity.joins} joins, ${activity.rebalances} rebalances, ${activity.crashes} crashes so far)`,
        );
        replacing = (async () => {
          do {
            again = false;
            await pause(Math.min(10_000, 1_000 * 2 ** Math.min(failures, 4)));
            failures += 1;
            await current?.stop();
            current = null;
            if (closed) return;
            try {
              current = await startConsumer();
            } catch (error) {
              log(`${name}: a new consumer did not start: ${(error as Error)?.message ?? error}`);
              again = true;
            }
          } while (again && !closed);
        })().finally(() => (replacing = null));
      }

      try {
        current = await startConsumer();
      } catch (error) {
        closed = true;
        throw error;
      }
      const timeoutMs = options.joinTimeoutMs ?? 30_000;
      let timer: NodeJS.Timeout | undefined;
      const joinedInTime = await Promise.race([
        joined.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
      ]);
      clearTimeout(timer);
      if (!joinedInTime) {
        closed = true;
        await replacing;
        await current?.stop();
        throw new Error(`Consumer group ${name} did not join within ${timeoutMs} ms`);
      }

      // A consumer that stops fetching while events wait has lost its place in the group for
      // good (seen: a member the coordinator no longer knew, which never joined again).
      const stallMs = options.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
      let checking = false;
      const watch = setInterval(
        () => {
          if (checking || replacing) return;
          checking = true;
          void sharedHighWatermarks()
            .then((marks) => {
              const waiting = Object.entries(marks).some(
                ([partition, mark]) => (processed[partition] ?? 0n) < mark,
              );
              const now = Date.now();
              if (!replacing && isStalled(activity, waiting, now, stallMs))
                replace(
                  `no fetch for ${Math.round((now - lastSignOf(activity)) / 1000)} s while events wait`,
                );
            })
            // The broker does not answer: the consumer's own reconnects are the remedy.
            .catch(() => {})
            .finally(() => (checking = false));
        },
        Math.max(1_000, Math.min(5_000, stallMs / 4)),
      );
      watch.unref();
      const stopSubscription = async () => {
        closed = true;
        wakeUp();
        clearInterval(watch);
        await replacing;
        await current?.stop();
        current = null;
      };
      stoppers.add(stopSubscription);
      return {
        processedOffsets: () => ({ ...processed }),
        activity: () => ({ ...activity, assigned: [...activity.assigned] }),
        async stop() {
          stoppers.delete(stopSubscription);
          await stopSubscription();
        },
      };
    },

    async close() {
      await Promise.all([...stoppers].map((stop) => stop()));
      stoppers.clear();
      const client = admin;
      admin = null;
      await client?.then((c) => c.disconnect()).catch(() => {});
    },
  };
}
