import { describe, expect, it } from 'vitest';
import {
  assignmentNames,
  isStalled,
  lastSignOf,
  newConsumerActivity,
} from '../src/kafka-consumer-activity.ts';

const QUIET = 45_000;

describe('a Kafka consumer stall', () => {
  const started = newConsumerActivity('catalogue', 1_000);

  it('is a consumer that has not fetched for the quiet period while events wait', () => {
    const activity = { ...started, lastJoinAt: 2_000, lastFetchAt: 10_000 };
    expect(isStalled(activity, true, 10_000 + QUIET, QUIET)).toBe(true);
    expect(isStalled(activity, true, 10_000 + QUIET - 1, QUIET)).toBe(false);
  });

  it('is never a consumer with nothing waiting, however long it has been quiet', () => {
    expect(isStalled(started, false, 1_000_000, QUIET)).toBe(false);
  });

  it('is never a consumer handling a batch, however long the batch takes', () => {
    const busy = { ...started, lastBatchAt: 5_000, handling: true };
    expect(isStalled(busy, true, 1_000_000, QUIET)).toBe(false);
    expect(isStalled({ ...busy, handling: false }, true, 1_000_000, QUIET)).toBe(true);
  });

  it('counts a join or a new consumer as a sign of life: a join waits on a killed member', () => {
    expect(lastSignOf({ ...started, lastJoinAt: 60_000, lastFetchAt: 3_000 })).toBe(60_000);
    const replaced = { ...started, startedAt: 90_000, lastFetchAt: 3_000 };
    expect(isStalled(replaced, true, 90_000 + QUIET - 1, QUIET)).toBe(false);
  });
});

describe('an assignment', () => {
  it('reads as topic:partition names, as the bus keys its offsets', () => {
    expect(assignmentNames({ 'rewear.order': [2, 0], 'rewear.cart': [1] })).toEqual([
      'rewear.cart:1',
      'rewear.order:0',
      'rewear.order:2',
    ]);
  });
});
