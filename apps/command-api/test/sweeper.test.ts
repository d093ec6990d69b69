/**
 * The skeleton every timer sweeper stands on: it follows the log, one event once; sweeps run one
 * at a time, each with the injected clock's now; a failure for one id or a whole sweep is
 * reported and the next goes on; a stopped sweeper sweeps no more and its stop waits for the
 * sweep under way. The interval runs on fake timers, the log is a real SQLite one in memory.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '@rewear/contracts';
import { loggerFor } from '@rewear/platform';
import { openSqliteEventLog } from '@rewear/sqlite';
import {
  createSweeper,
  dueIds,
  type Sweep,
  type SweeperDefinition,
  type SweeperOptions,
} from '../src/shared/sweeper.ts';

const log = openSqliteEventLog({ file: ':memory:' });
afterAll(() => log.close());

/** A definition that records what it is given; `sweep` answers how many sweeps ran. */
function recording(overrides: Partial<SweeperDefinition<number>> = {}) {
  const followed: DomainEvent[] = [];
  const sweeps: Sweep[] = [];
  const definition: SweeperDefinition<number> = {
    actor: 'system:test-sweeper',
    label: 'test',
    failureMessage: (id) => `could not sweep ${id}`,
    intervalMs: 1000,
    follow: (event) => void followed.push(event),
    sweep: async (sweep) => sweeps.push(sweep),
    ...overrides,
  };
  return { definition, followed, sweeps };
}

const options = (more: Partial<SweeperOptions> = {}): SweeperOptions => ({
  eventStore: log,
  ...more,
});

/** A promise the test settles by hand. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const cartCreated = (cartId: string): DomainEvent => ({
  type: 'CartCreated',
  data: { cartId, userId: 'u1' },
});

describe('a sweeper', () => {
  it('follows every event of the log once, in order, before each sweep', async () => {
    const { definition, followed } = recording();
    const before = await log.headPosition();
    const sweeper = createSweeper(options(), definition);
    await sweeper.sweep();
    const already = followed.length;
    expect(already).toBe(before);

    // More than one batch of the log (2,000 events) arrives between two sweeps.
    const carts = Array.from({ length: 2100 }, (_, i) => `cart-${i}-${randomUUID()}`);
    for (const cartId of carts)
      await log.append(`cart-${cartId}`, [cartCreated(cartId)], {
        expectedVersion: 0,
        actor: 'u1',
        correlationId: randomUUID(),
      });
    await sweeper.sweep();
    await sweeper.sweep();
    const fresh = followed.slice(already) as Extract<DomainEvent, { type: 'CartCreated' }>[];
    expect(fresh.map((event) => event.data.cartId)).toEqual(carts);
  });

  it('gives each sweep the clock’s now and commands the sweeper’s actor, each its own correlation', async () => {
    const { definition, sweeps } = recording();
    let now = Date.parse('2026-03-01T10:00:00Z');
    const ids = ['id-1', 'id-2', 'id-3'];
    const sweeper = createSweeper(
      options({ clock: () => new Date(now), newId: () => ids.shift()! }),
      definition,
    );
    await sweeper.sweep();
    now += 5000;
    await sweeper.sweep();
    expect(sweeps.map((sweep) => sweep.now)).toEqual([
      Date.parse('2026-03-01T10:00:00Z'),
      Date.parse('2026-03-01T10:00:05Z'),
    ]);
    const [first, second] = [sweeps[1]!.env(), sweeps[1]!.env()];
    expect(first).toMatchObject({ actor: 'system:test-sweeper', correlationId: 'id-1' });
    expect(second.correlationId).toBe('id-2');
    expect(first.now().getTime()).toBe(now);
    expect(first.newId()).toBe('id-3');
  });

  it('reports an id whose commands fail and still runs the others', async () => {
    const failures: [string, unknown][] = [];
    const ran: string[] = [];
    const boom = new Error('boom');
    const { definition } = recording({
      sweep: async ({ forEach }) => {
        await forEach(['a', 'b', 'c'], async (id) => {
          if (id === 'b') throw boom;
          ran.push(id);
        });
        return 0;
      },
    });
    await createSweeper(
      options({ onError: (id, error) => failures.push([id, error]) }),
      definition,
    ).sweep();
    expect(ran).toEqual(['a', 'c']);
    expect(failures).toEqual([['b', boom]]);
  });

  it('logs a failing id with the sweeper’s label when no onError is given', async () => {
    const logged = vi.spyOn(loggerFor('sweeper'), 'error').mockImplementation(() => {});
    try {
      const boom = new Error('boom');
      const { definition } = recording({
        sweep: async ({ forEach }) => {
          await forEach(['b'], async () => {
            throw boom;
          });
          return 0;
        },
      });
      await createSweeper(options(), definition).sweep();
      expect(logged).toHaveBeenCalledWith({ err: boom }, '[test] could not sweep b');
    } finally {
      logged.mockRestore();
    }
  });

  it('runs one sweep at a time: a second waits for the first, even one that fails', async () => {
    const first = gate();
    const order: string[] = [];
    let calls = 0;
    const { definition } = recording({
      sweep: async () => {
        const call = ++calls;
        order.push(`start ${call}`);
        if (call === 1) {
          await first.opened;
          order.push('end 1');
          throw new Error('first sweep failed');
        }
        order.push(`end ${call}`);
        return call;
      },
    });
    const sweeper = createSweeper(options(), definition);
    const one = sweeper.sweep();
    const two = sweeper.sweep();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(order).toEqual(['start 1']);
    first.open();
    await expect(one).rejects.toThrow('first sweep failed');
    expect(await two).toBe(2);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });
});

describe('a started sweeper', () => {
  beforeEach(() => void vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] }));
  afterEach(() => void vi.useRealTimers());

  it('sweeps every interval until stopped; stop waits for the sweep under way', async () => {
    const underWay = gate();
    let sweeps = 0;
    let finished = 0;
    const { definition } = recording({
      sweep: async () => {
        sweeps++;
        if (sweeps === 2) await underWay.opened;
        finished++;
        return sweeps;
      },
    });
    const stop = createSweeper(options(), definition).start(1000);
    await vi.advanceTimersByTimeAsync(999);
    expect(sweeps).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sweeps).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sweeps).toBe(2); // and under way until the gate opens

    let stopped = false;
    const stopping = stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    underWay.open();
    await stopping;
    expect(finished).toBe(2);

    await vi.advanceTimersByTimeAsync(10_000);
    expect(sweeps).toBe(2);
  });

  it('sweeps at the definition’s interval when started without one', async () => {
    let sweeps = 0;
    const { definition } = recording({ intervalMs: 30_000, sweep: async () => ++sweeps });
    const stop = createSweeper(options(), definition).start();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(sweeps).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sweeps).toBe(1);
    await stop();
  });

  it('logs a sweep that fails and sweeps again at the next tick', async () => {
    const logged = vi.spyOn(loggerFor('sweeper'), 'error').mockImplementation(() => {});
    let sweeps = 0;
    const failure = new Error('the log is away');
    const { definition } = recording({
      sweep: async () => {
        if (++sweeps === 1) throw failure;
        return sweeps;
      },
    });
    const stop = createSweeper(options(), definition).start(1000);
    try {
      await vi.advanceTimersByTimeAsync(1000);
      expect(logged).toHaveBeenCalledWith({ err: failure }, '[test] sweep failed');
      await vi.advanceTimersByTimeAsync(1000);
      expect(sweeps).toBe(2);
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      await stop();
      logged.mockRestore();
    }
  });
});

describe('dueIds', () => {
  it('answers the ids whose time has come, and lets the caller drop them as it goes', () => {
    const timers = new Map([
      ['early', 100],
      ['now', 200],
      ['later', 300],
    ]);
    const seen: string[] = [];
    for (const id of dueIds(timers, 200)) {
      seen.push(id);
      timers.delete(id);
    }
    expect(seen).toEqual(['early', 'now']);
    expect([...timers.keys()]).toEqual(['later']);
  });
});
