/**
 * Folded aggregate states kept between commands: a command reads only the events appended since
 * the state it knows, sees events appended by anyone else (another process on the same log), and
 * a state handed out cannot be changed behind the next command's back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@rewear/platform';
import { openSqliteEventLog } from '@rewear/sqlite';
import {
  aggregateOf,
  createAggregateRepository,
  handleCommand,
  type AggregateRepository,
  type CommandEnvironment,
} from '../src/shared/decider.ts';
import { cartDecider } from '@rewear/features/cart/decider';

const dir = mkdtempSync(path.join(os.tmpdir(), 'rewear-snapshots-'));
const log = openSqliteEventLog({ file: path.join(dir, 'events.sqlite') });
afterAll(async () => {
  await log.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The log, counting the events each readStream returns. */
function counting(store: EventStore) {
  const reads: number[] = [];
  const wrapped: EventStore = {
    append: (...args) => store.append(...args),
    readStream: async (streamId, fromVersion) => {
      const events = await store.readStream(streamId, fromVersion);
      reads.push(events.length);
      return events;
    },
    readAll: (...args) => store.readAll(...args),
    headPosition: () => store.headPosition(),
    close: () => store.close(),
  };
  return { store: wrapped, reads };
}

const env = (aggregates: AggregateRepository): CommandEnvironment => ({
  aggregates,
  now: () => new Date(),
  newId: () => randomUUID(),
  actor: 'u1',
  correlationId: randomUUID(),
});
const product = (productId: string) => ({ productId, listed: true, available: 5 });

describe('aggregate states between commands', () => {
  it('reads only the events appended since, including those another writer appended', async () => {
    const { store, reads } = counting(log);
    const aggregates = createAggregateRepository(store);
    const stream = `cart-${randomUUID()}`;
    await handleCommand(env(aggregates), cartDecider, stream, {
      type: 'CreateCart',
      cartId: 'c1',
      userId: 'u1',
    });
    for (const p of ['p1', 'p2', 'p3']) {
      await handleCommand(env(aggregates), cartDecider, stream, {
        type: 'AddItem',
        userId: 'u1',
        product: product(p),
        quantity: 1,
      });
    }
    // Each command re-read nothing: the state after the previous append was kept.
    expect(reads).toEqual([0, 0, 0, 0]);

    // Another process appends to the same stream through its own log object.
    const other = openSqliteEventLog({ file: path.join(dir, 'events.sqlite') });
    await other.append(
      stream,
      [{ type: 'CartItemAdded', data: { cartId: 'c1', productId: 'p4', quantity: 2 } }],
      {
        expectedVersion: 4,
        actor: 'u1',
        correlationId: randomUUID(),
      },
    );
    await other.close();

    const loaded = await aggregates.load(cartDecider, stream);
    expect(reads.at(-1)).toBe(1);
    expect(loaded.version).toBe(5);
    expect(loaded.state.lines).toEqual({ p1: 1, p2: 1, p3: 1, p4: 2 });
  });

  it('hands out states that cannot be changed', async () => {
    const aggregates = createAggregateRepository(log);
    const stream = `cart-${randomUUID()}`;
    await handleCommand(env(aggregates), cartDecider, stream, {
      type: 'CreateCart',
      cartId: 'c2',
      userId: 'u1',
    });
    const { state } = await aggregates.load(cartDecider, stream);
    expect(() => {
      (state.lines as Record<string, number>).p9 = 1;
    }).toThrow(TypeError);
    expect((await aggregates.load(cartDecider, stream)).state.lines).toEqual({});
  });

  it('keeps at most its capacity of states, dropping the least recently used first', async () => {
    const { store, reads } = counting(log);
    const aggregates = createAggregateRepository(store, { capacity: 2 });
    const streams = [1, 2, 3].map(() => `cart-${randomUUID()}`);
    for (const [i, stream] of streams.entries()) {
      await handleCommand(env(aggregates), cartDecider, stream, {
        type: 'CreateCart',
        cartId: `c-cap-${i}`,
        userId: 'u1',
      });
    }
    reads.length = 0;
    await aggregates.load(cartDecider, streams[2]!); // kept: nothing re-read
    await aggregates.load(cartDecider, streams[1]!); // kept
    await aggregates.load(cartDecider, streams[0]!); // dropped when the third came: read again
    expect(reads).toEqual([0, 0, 1]);
  });

  it('binds an aggregate once: its commands go to the stream named by its type and id', async () => {
    const aggregates = createAggregateRepository(log);
    const carts = aggregateOf(cartDecider, 'cart');
    const cartId = randomUUID();
    const created = await carts.handle(env(aggregates), cartId, {
      type: 'CreateCart',
      cartId,
      userId: 'u1',
    });
    expect(created.events.map((e) => [e.streamId, e.type])).toEqual([
      [`cart-${cartId}`, 'CartCreated'],
    ]);
    expect(carts.streamOf(cartId)).toBe(`cart-${cartId}`);
    // What the bound handler wrote is what the stream holds, read by the decider directly too.
    const loaded = await carts.load(aggregates, cartId);
    expect(loaded.state).toEqual(
      (await createAggregateRepository(log).load(cartDecider, `cart-${cartId}`)).state,
    );
    expect(loaded.version).toBe(1);
  });
});
