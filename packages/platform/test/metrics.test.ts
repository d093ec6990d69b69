/**
 * The metrics read at scrape time and the counting behind the others, without engines: a fake
 * projection runtime on a bus of one partition (lag in seconds from the log) and on a
 * partitioned one (Kafka's consumers, lag per partition), the outbox backlog, refusals' reasons,
 * appended events, and the rate limits' refusals by limit.
 */
import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '@rewear/contracts';
import type { EventBus, EventStore, Subscription } from '@rewear/ports';
import {
  collectOutbox,
  collectProjections,
  countingAppends,
  createMetrics,
  perScrape,
  refusalReason,
  type Metrics,
} from '../src/metrics/index.ts';
import { registerPublishedPosition } from '../src/runtime/frontier.ts';
import type { ProjectorActivity, ProjectorStatus } from '../src/runtime/projections.ts';
import { createRateLimiter } from '../src/http/rate-limits.ts';

const NOW = Date.parse('2026-01-01T12:00:00Z');

const status = (projector: string, position: number, head: number): ProjectorStatus => ({
  projector,
  generation: 2,
  checkpoint: { all: position },
  position,
  headPosition: head,
  lag: head - position,
  deadLetters: projector === 'orders' ? 3 : 0,
  rebuilding: null,
});

const envelope = (position: number, occurredAt: string): EventEnvelope =>
  ({ position, occurredAt, type: 'NewsletterSubscribed' }) as EventEnvelope;

/** A log whose event after `position` occurred `ageSeconds` before NOW. */
const store = (ages: Record<number, number>): EventStore =>
  ({
    readAll: async (after: number) =>
      ages[after + 1] === undefined
        ? []
        : [envelope(after + 1, new Date(NOW - ages[after + 1]! * 1000).toISOString())],
    headPosition: async () => 10,
  }) as unknown as EventStore;

const valueOf = async (metrics: Metrics, name: string, labels: Record<string, string> = {}) => {
  const family = (await metrics.registry.getMetricsAsJSON()).find((m) => m.name === name);
  return family?.values.find((v) =>
    Object.entries(labels).every(([k, value]) => String(v.labels[k]) === value),
  )?.value;
};

const namesOf = async (metrics: Metrics) =>
  (await metrics.registry.getMetricsAsJSON()).filter((m) => m.values.length > 0).map((m) => m.name);

describe('projection metrics, read at scrape time', () => {
  const activity = (subscription: Subscription | null = null): ProjectorActivity[] => [
    { projector: 'catalogue', applied: [{ generation: 2, events: 7 }], subscription },
    { projector: 'orders', applied: [], subscription },
  ];

  it('per projector and generation: positions, lag in events and seconds, applied, dead letters', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    let reads = 0;
    collectProjections(
      metrics,
      {
        status: async () => {
          reads++;
          return [status('catalogue', 10, 10), status('orders', 6, 10)];
        },
        activity: () => activity(),
      },
      { eventStore: store({ 7: 42 }), bus: {} as EventBus },
      () => NOW,
    );
    const text = await metrics.registry.metrics();
    // One status read serves every family of a scrape.
    expect(reads).toBe(1);
    expect(text).toContain(
      'rewear_projector_checkpoint_position{projector="orders",generation="2"} 6',
    );
    expect(text).toContain('rewear_projector_head_position{projector="orders",generation="2"} 10');
    expect(text).toContain('rewear_projector_lag_events{projector="orders",generation="2"} 4');
    expect(text).toContain('rewear_projector_lag_events{projector="catalogue",generation="2"} 0');
    // The oldest event orders has not applied (position 7) occurred 42 s ago.
    expect(text).toContain('rewear_projector_lag_seconds{projector="orders",generation="2"} 42');
    expect(text).toContain('rewear_projector_lag_seconds{projector="catalogue",generation="2"} 0');
    expect(text).toContain('rewear_projector_dead_letters{projector="orders",generation="2"} 3');
    expect(text).toContain(
      'rewear_projector_events_applied_total{projector="catalogue",generation="2"} 7',
    );
    expect(text).toContain('# TYPE rewear_projector_events_applied_total counter');
  });

  it('leaves the series out of a scrape whose status cannot be read, and counts the failure', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    collectProjections(
      metrics,
      {
        status: async () => {
          throw new Error('read models out of reach');
        },
        activity: () => activity(),
      },
      { eventStore: store({}), bus: {} as EventBus },
    );
    const text = await metrics.registry.metrics();
    expect(text).not.toMatch(/^rewear_projector_lag_events\{/m);
    expect(await valueOf(metrics, 'rewear_metrics_collect_failures_total')).toBeGreaterThan(0);
  });

  it('on Kafka: each consumer’s joins, crashes and replacements, and its lag per partition', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    const consumer = {
      stop: async () => {},
      processedOffsets: () => ({ 'rewear.order:0': 5n, 'rewear.order:1': 9n }),
      activity: () => ({
        group: 'orders',
        joins: 3,
        rebalances: 1,
        crashes: 2,
        replacements: 1,
        assigned: [],
      }),
    };
    const bus = {
      highWatermarks: async () => ({
        'rewear.order:0': 8n,
        'rewear.order:1': 9n,
        'rewear.order:2': 4n,
      }),
      committedOffsets: async () => ({}),
    } as unknown as EventBus;
    collectProjections(
      metrics,
      {
        status: async () => [status('orders', 6, 10)],
        activity: () => [{ projector: 'orders', applied: [], subscription: consumer }],
      },
      { eventStore: store({}), bus },
    );
    const labels = { subscription: 'orders' };
    expect(await valueOf(metrics, 'rewear_kafka_consumer_joins_total', labels)).toBe(3);
    expect(await valueOf(metrics, 'rewear_kafka_consumer_rebalances_total', labels)).toBe(1);
    expect(await valueOf(metrics, 'rewear_kafka_consumer_crashes_total', labels)).toBe(2);
    expect(await valueOf(metrics, 'rewear_kafka_consumer_replacements_total', labels)).toBe(1);
    const lag = (partition: string) =>
      valueOf(metrics, 'rewear_kafka_consumer_lag_messages', { ...labels, partition });
    expect(await lag('rewear.order:0')).toBe(3);
    expect(await lag('rewear.order:1')).toBe(0);
    // Never handled a message of it: all of it waits.
    expect(await lag('rewear.order:2')).toBe(4);
    // The runtime's position on Kafka names no oldest waiting event: no lag in seconds there.
    expect(await namesOf(metrics)).not.toContain('rewear_projector_lag_seconds');
  });
});

describe('the other metrics', () => {
  it('reads a source once per scrape, and again after it', async () => {
    let now = 0;
    let reads = 0;
    const read = perScrape(
      async () => ++reads,
      () => now,
    );
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    now = 500;
    expect(await read()).toBe(1);
    now = 1_500;
    expect(await read()).toBe(2);
  });

  it('the outbox backlog: appended but not yet published', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    const eventStore = store({});
    collectOutbox(metrics, eventStore);
    expect(await namesOf(metrics)).not.toContain('rewear_outbox_backlog_events');
    const unregister = registerPublishedPosition(eventStore, async () => 7);
    try {
      const withRelay = createMetrics({ defaultMetrics: false });
      collectOutbox(withRelay, eventStore);
      expect(await valueOf(withRelay, 'rewear_outbox_backlog_events')).toBe(3);
    } finally {
      unregister();
    }
  });

  it('names a refusal by its kind, and counts accepted, refused and failed commands apart', async () => {
    expect(refusalReason(400)).toBe('invalid');
    expect(refusalReason(401)).toBe('unauthenticated');
    expect(refusalReason(409)).toBe('conflict');
    expect(refusalReason(429)).toBe('rate_limited');
    expect(refusalReason(418)).toBe('4xx');
    const metrics = createMetrics({ defaultMetrics: false });
    const route = { method: 'POST', route: '/api/cart/add-item' };
    metrics.commandAnswered('post', route.route, 200);
    metrics.commandAnswered('POST', route.route, 409);
    metrics.commandAnswered('POST', route.route, 503);
    metrics.commandAnswered('BREW', route.route, 201);
    expect(await valueOf(metrics, 'rewear_commands_accepted_total', route)).toBe(1);
    expect(await valueOf(metrics, 'rewear_commands_accepted_total', { method: 'other' })).toBe(1);
    expect(
      await valueOf(metrics, 'rewear_commands_refused_total', { ...route, reason: 'conflict' }),
    ).toBe(1);
    expect(
      await valueOf(metrics, 'rewear_commands_failed_total', { ...route, status: '503' }),
    ).toBe(1);
  });

  it('counts the events appended through the store, by type, once appended', async () => {
    const metrics = createMetrics({ defaultMetrics: false });
    let fail = false;
    const counted = countingAppends(
      {
        append: async () => {
          if (fail) throw new Error('conflict');
          return { streamVersion: 2, position: 2, events: [] };
        },
      } as unknown as EventStore,
      metrics,
    );
    const events = [
      { type: 'NewsletterSubscribed', data: {} },
      { type: 'NewsletterSubscribed', data: {} },
    ] as never;
    await counted.append('s', events, { expectedVersion: 0 } as never);
    fail = true;
    await expect(counted.append('s', events, { expectedVersion: 0 } as never)).rejects.toThrow();
    expect(
      await valueOf(metrics, 'rewear_events_appended_total', { type: 'NewsletterSubscribed' }),
    ).toBe(2);
  });

  it('tells which limits a refused request was over', async () => {
    const refused: string[][] = [];
    const limiter = createRateLimiter(
      {
        perAddress: [{ points: 1, windowMs: 60_000 }],
        perUser: [{ points: 5, windowMs: 60_000 }],
        perUserScoped: { offers: [{ points: 1, windowMs: 60_000 }] },
      },
      { onRefused: (limits) => refused.push([...limits]) },
    );
    expect(await limiter.check({ address: 'a', user: 'ada' }, 'offers')).toBe(0);
    expect(await limiter.check({ address: 'a', user: 'ada' }, 'offers')).toBeGreaterThan(0);
    expect(await limiter.check({ address: 'b', user: 'ada' })).toBe(0);
    expect(await limiter.check({ address: 'b', user: null })).toBeGreaterThan(0);
    expect(refused).toEqual([['address', 'offers'], ['address']]);
  });
});
