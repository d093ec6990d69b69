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
import type { PartitionOffsets, PartitionedBus, TrackedSubscription } from '../runtime/frontier.ts';
import { invalidReason } from './outbox-envelope.ts';

export const DEFAULT_TOPIC_PREFIX = 'rewear';

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

/** Kafka's own log lines go through this, quietly unless they are errors. */
export function kafkaLogger(level: logLevel = logLevel.ERROR) {
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
        log: { message: string };
      }) => {
        if (entryLevel <= logLevel.ERROR) console.error(`[kafka] ${namespace}: ${log.message}`);
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
  /** How long the group waits for a heartbeat before it evicts a consumer. Default 30 s. */
  sessionTimeoutMs?: number;
  /** A delivered event that fails its schema: still delivered, the consumer dead-letters it. */
  onInvalidEvent?: (event: EventEnvelope, reason: string, subscription: string) => void;
}

export interface KafkaBus extends PartitionedBus {
  readonly topics: string[];
  subscribe(options: SubscribeOptions): Promise<TrackedSubscription>;
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
      console.warn(
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
    const committed = await (await adminClient()).fetchOffsets({ groupId, topics });
    for (const { topic, partitions: entries } of committed) {
      for (const { partition, offset } of entries) {
        if (Number(offset) >= 0) offsets[`${topic}:${partition}`] = BigInt(offset);
      }
    }
    return offsets;
  };

  return {
    topics,
    committedOffsets,

    async highWatermarks(): Promise<PartitionOffsets> {
      await prepareTopics();
      const client = await adminClient();
      const marks: PartitionOffsets = {};
      const offsets = await Promise.all(topics.map((topic) => client.fetchTopicOffsets(topic)));
      topics.forEach((topic, i) => {
        for (const { partition, high } of offsets[i]!)
          marks[`${topic}:${partition}`] = BigInt(high);
      });
      return marks;
    },

    async subscribe({ name, from, handle }: SubscribeOptions): Promise<TrackedSubscription> {
      await prepareTopics();
      // Last position applied per partition: starts at `from`, then guards against redelivery.
      const applied: Checkpoint = { ...(from ?? {}) };
      // Offset after the last message handled per partition: starts at the group's committed
      // offsets (what earlier runs handled), then moves after each batch.
      const processed: PartitionOffsets = await committedOffsets(name);
      const consumer = kafka.consumer({
        groupId: name,
        sessionTimeout: options.sessionTimeoutMs ?? 30_000,
        heartbeatInterval: 3_000,
        maxWaitTimeInMs: 100,
        retry: { retries: 10 },
      });
      consumers.add(consumer);
      // A batch being applied when `stop` is called finishes, offset commit included, first.
      let stopping = false;
      let inFlight: Promise<void> = Promise.resolve();
      const stopConsumer = async () => {
        stopping = true;
        await inFlight;
        consumers.delete(consumer);
        await consumer.disconnect();
      };
      stoppers.add(stopConsumer);
      const joined = new Promise<void>((resolve) =>
        consumer.on(consumer.events.GROUP_JOIN, () => resolve()),
      );
      await consumer.connect();
      await consumer.subscribe({ topics, fromBeginning: true });
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: async ({ batch, resolveOffset, heartbeat, isRunning, isStale }) => {
          if (stopping || batch.messages.length === 0 || !isRunning() || isStale()) return;
          const work = (async () => {
            const partition = `${batch.topic}:${batch.partition}`;
            const after = applied[partition] ?? 0;
            const events: EventEnvelope[] = [];
            for (const message of batch.messages) {
              const event = decode(message);
              if (!event) {
                console.warn(
                  `[kafka-bus] ${partition} offset ${message.offset}: not an event envelope, skipped`,
                );
                continue;
              }
              if (event.position <= after) continue;
              const reason = invalidReason(event);
              if (reason) onInvalidEvent(event, reason, name);
              events.push(event);
            }
            if (events.length > 0) {
              // A batch may take longer than the session timeout (thousands of events of a
              // catch-up on a slow read-model store): without heartbeats meanwhile the group
              // evicts this member and the consumer stops for good ("the coordinator is not
              // aware of this member"). heartbeat() sends one only when the interval is due.
              const beat = setInterval(() => void heartbeat().catch(() => {}), 1_000);
              try {
                await handle({ events, partition });
              } finally {
                clearInterval(beat);
              }
              applied[partition] = events[events.length - 1]!.position;
            }
            const lastOffset = batch.messages[batch.messages.length - 1]!.offset;
            resolveOffset(lastOffset);
            const next = BigInt(lastOffset) + 1n;
            if (next > (processed[partition] ?? 0n)) processed[partition] = next;
            await consumer.commitOffsets([
              { topic: batch.topic, partition: batch.partition, offset: next.toString() },
            ]);
            await heartbeat();
          })();
          inFlight = work.catch(() => {});
          await work;
        },
      });
      const timeoutMs = options.joinTimeoutMs ?? 30_000;
      let timer: NodeJS.Timeout | undefined;
      const joinedInTime = await Promise.race([
        joined.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
      ]);
      clearTimeout(timer);
      if (!joinedInTime) {
        stoppers.delete(stopConsumer);
        await stopConsumer();
        throw new Error(`Consumer group ${name} did not join within ${timeoutMs} ms`);
      }
      return {
        processedOffsets: () => ({ ...processed }),
        async stop() {
          stoppers.delete(stopConsumer);
          await stopConsumer();
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
