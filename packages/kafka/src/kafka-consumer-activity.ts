/**
 * What a subscription's Kafka consumer has done: joins and their assignments, rebalances,
 * crashes, fetches, batches handled and offset commits, counted and timed. The lifecycle
 * (join, rebalance, crash, stop) is logged one line each; fetches and commits are only counted,
 * since an idle consumer fetches ten times a second. The record answers "what was the consumer
 * doing" when a subscription stops making progress, and drives the stall check below.
 */
import type { Consumer } from 'kafkajs';
// The record's shape is the metrics' (platform reads it at scrape time); counting it is Kafka's.
import type { ConsumerActivity } from '@rewear/platform';

export type { ConsumerActivity };

export function newConsumerActivity(group: string, now: number): ConsumerActivity {
  return {
    group,
    memberId: null,
    generation: null,
    assigned: [],
    joins: 0,
    rebalances: 0,
    crashes: 0,
    fetches: 0,
    batches: 0,
    commits: 0,
    startedAt: now,
    lastJoinAt: null,
    lastFetchAt: null,
    lastBatchAt: null,
    lastCommitAt: null,
    lastCrash: null,
    replacements: 0,
    handling: false,
  };
}

/** `{topic: [partitions]}` as `topic:partition` names, sorted. */
export function assignmentNames(assignment: Record<string, number[]>): string[] {
  return Object.entries(assignment)
    .flatMap(([topic, partitions]) => partitions.map((partition) => `${topic}:${partition}`))
    .sort();
}

type SignsOfLife = Pick<
  ConsumerActivity,
  'startedAt' | 'lastFetchAt' | 'lastBatchAt' | 'lastJoinAt' | 'handling'
>;

/** When the consumer last showed it was alive: started, joined, fetched or handled a batch. */
export function lastSignOf(activity: SignsOfLife): number {
  return Math.max(
    activity.startedAt,
    activity.lastFetchAt ?? 0,
    activity.lastBatchAt ?? 0,
    activity.lastJoinAt ?? 0,
  );
}

/**
 * Whether a subscription is stalled: events wait on a partition (its processed offset is below
 * the high watermark) and the consumer has neither handled a batch nor fetched for `quietMs`.
 * A consumer that fetches, or is handling a batch, is alive (a slow store answers eventually);
 * one that has stopped fetching with work waiting has lost its place in the group for good.
 */
export function isStalled(
  activity: SignsOfLife,
  waiting: boolean,
  now: number,
  quietMs: number,
): boolean {
  return waiting && !activity.handling && now - lastSignOf(activity) >= quietMs;
}

/** Records what `consumer` does into `activity`, logging its lifecycle through `log`. */
export function recordConsumerActivity(
  consumer: Consumer,
  activity: ConsumerActivity,
  log: (line: string) => void,
  now: () => number = Date.now,
): () => void {
  const { events } = consumer;
  const removers = [
    consumer.on(events.GROUP_JOIN, ({ payload }) => {
      activity.joins += 1;
      activity.lastJoinAt = now();
      activity.memberId = payload.memberId;
      activity.assigned = assignmentNames(payload.memberAssignment);
      log(
        `${activity.group}: joined as ${payload.isLeader ? 'leader' : 'member'} ${payload.memberId} in ${payload.duration} ms; assigned ${activity.assigned.length} partitions`,
      );
    }),
    consumer.on(events.HEARTBEAT, ({ payload }) => {
      activity.generation = payload.groupGenerationId;
    }),
    consumer.on(events.REBALANCING, () => {
      activity.rebalances += 1;
      log(`${activity.group}: the group is rebalancing; rejoining`);
    }),
    consumer.on(events.CRASH, ({ payload }) => {
      activity.crashes += 1;
      activity.lastCrash = `${payload.error.name}: ${payload.error.message}`;
      log(
        `${activity.group}: consumer crashed (${activity.lastCrash}); ${payload.restart ? 'kafkajs restarts it' : 'not restarted by kafkajs'}`,
      );
    }),
    consumer.on(events.FETCH, () => {
      activity.fetches += 1;
      activity.lastFetchAt = now();
    }),
    consumer.on(events.END_BATCH_PROCESS, () => {
      activity.batches += 1;
      activity.lastBatchAt = now();
    }),
    consumer.on(events.COMMIT_OFFSETS, ({ payload }) => {
      activity.commits += 1;
      activity.lastCommitAt = now();
      activity.generation = payload.groupGenerationId;
    }),
    consumer.on(events.STOP, () => log(`${activity.group}: consumer stopped`)),
  ];
  return () => removers.forEach((remove) => remove());
}
