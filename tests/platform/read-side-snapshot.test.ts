/**
 * The embedded read side written to a snapshot at a stop and restored at the next boot: the
 * projectors resume after their restored checkpoints, replay only the events appended since, and
 * end with what a rebuild from position 0 gives, every read model and the search index (its
 * answers to text, filter, sort and facet queries included). A snapshot that does not fit (other
 * projection code, another log, a damaged file) is set aside and the read side rebuilt by replay.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadConfig,
  READ_SIDE_SNAPSHOT_FILE,
  startProjections,
  type Platform,
  type Projector,
  type ReadSide,
} from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import type { SearchQuery } from '@rewear/ports';
import { appendConversations, appendShipments, appendSteps } from './support/event-mix.ts';
import { appendSocial } from './support/social-mix.ts';
import { everyDocument, realProjectors } from './support/projections.ts';

const quiet = { info() {}, warn() {}, error() {} };
const dir = mkdtempSync(path.join(tmpdir(), 'rewear-snapshot-'));
const snapshotFile = path.join(dir, READ_SIDE_SNAPSHOT_FILE);
const FINGERPRINT = 'projection code A';

/** Queries of each kind the storefront asks, against the products index. */
const QUERIES: SearchQuery[] = [
  { q: 'jacket', limit: 10 },
  { q: 'jaket lin', limit: 10 },
  {
    q: '',
    filter: { price_cents: { gte: 2000, lte: 6000 } },
    sort: [{ field: 'price_cents', order: 'asc' }],
  },
  {
    q: '',
    sort: [
      { field: 'created_ts', order: 'desc' },
      { field: 'title_key', order: 'asc' },
    ],
    facets: ['category_name', 'brand_name', 'sizes', 'colors', 'conditions'],
    offset: 20,
    limit: 20,
  },
];

/** The real projectors, counting the events they apply. */
function countingProjectors() {
  const real = realProjectors(50);
  const counter = { applied: 0 };
  const all = real.all.map((projector) => {
    const counting = Object.create(projector) as Projector;
    counting.apply = (event, target) => {
      counter.applied++;
      return projector.apply(event, target);
    };
    return counting;
  });
  return { all, flush: real.flush, counter };
}

async function boot(options: { fingerprint?: string } = {}) {
  const projectors = countingProjectors();
  const platform = await createPlatform(
    loadConfig({ DATA_DIR: dir }),
    options.fingerprint ? { readSideSnapshot: { fingerprint: options.fingerprint } } : {},
  );
  const runtime = await startProjections({ platform, projectors: projectors.all, log: quiet });
  expect(await runtime.catchUp(60_000)).toBe(true);
  await projectors.flush();
  return { platform, runtime, projectors };
}

async function answers(readSide: ReadSide) {
  const index = readSide.searchIndex('products');
  return Promise.all(QUERIES.map((query) => index.search(query)));
}

async function stop(running: Awaited<ReturnType<typeof boot>>, write: boolean) {
  await running.runtime.stop();
  await running.projectors.flush();
  const written = write ? await running.platform.snapshot!.write() : null;
  await running.platform.close();
  return written;
}

let restoredDocs: Record<string, unknown[]>;
let restoredAnswers: unknown[];
let restoredFrom: Platform['snapshot'];
/** Events the projectors applied: booting on the whole log, and after the restore. */
let appliedOnWholeLog: number;
let appliedAfterRestore: number;

beforeAll(async () => {
  const first = await createPlatform(loadConfig({ DATA_DIR: dir }));
  await appendSteps(first.eventStore, 0, 3000);
  await appendShipments(first.eventStore, 0, 80);
  await appendSocial(first.eventStore, 0, 150);
  await appendConversations(first.eventStore, 0, 40);
  await first.close();

  // Booted without a snapshot, stopped with one written.
  const before = await boot({ fingerprint: FINGERPRINT });
  expect(before.platform.snapshot!.restored).toEqual({ restored: false, reason: 'no snapshot' });
  appliedOnWholeLog = before.projectors.counter.applied;
  const written = await stop(before, true);
  expect(written!.parts).toBeGreaterThan(10);

  // Events after the snapshot: the next boot replays them on top of it.
  const more = await createPlatform(loadConfig({ DATA_DIR: dir }));
  await appendSteps(more.eventStore, 3000, 3600);
  await appendShipments(more.eventStore, 80, 100);
  await appendSocial(more.eventStore, 150, 180);
  await more.close();

  const restored = await boot({ fingerprint: FINGERPRINT });
  restoredFrom = restored.platform.snapshot;
  appliedAfterRestore = restored.projectors.counter.applied;
  restoredDocs = await everyDocument(restored.runtime.readSide, restored.projectors.all);
  restoredAnswers = await answers(restored.runtime.readSide);
  await stop(restored, false);
}, 180_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('read-side snapshot', () => {
  it('restores, replays only the tail, and equals a rebuild from position 0', async () => {
    expect(restoredFrom!.restored).toMatchObject({ restored: true });
    // The events appended after the snapshot, about a sixth of the first boot's, and no more.
    expect(appliedAfterRestore).toBeGreaterThan(0);
    expect(appliedAfterRestore).toBeLessThan(appliedOnWholeLog / 4);

    // No snapshot asked for: the whole log replayed.
    const rebuilt = await boot();
    const docs = await everyDocument(rebuilt.runtime.readSide, rebuilt.projectors.all);
    const rebuiltAnswers = await answers(rebuilt.runtime.readSide);
    await stop(rebuilt, false);

    expect(Object.keys(restoredDocs).sort()).toEqual(Object.keys(docs).sort());
    for (const name of Object.keys(docs)) expect(restoredDocs[name], name).toEqual(docs[name]);
    expect(docs['listings']!.length).toBeGreaterThan(100);
    expect(restoredAnswers).toEqual(rebuiltAnswers);
    // The queries found something: an empty answer would compare equal just as well.
    for (const answer of rebuiltAnswers) expect(answer.total).toBeGreaterThan(0);
  }, 120_000);

  it('is set aside when other projection code took it, and the read side is replayed', async () => {
    const other = await boot({ fingerprint: 'projection code B' });
    expect(other.platform.snapshot!.restored).toEqual({
      restored: false,
      reason: 'a snapshot taken by other projection code',
    });
    expect(existsSync(`${snapshotFile}.unused`)).toBe(true);
    expect((await everyDocument(other.runtime.readSide, other.projectors.all))['listings']).toEqual(
      restoredDocs['listings'],
    );
    await stop(other, true);
    rmSync(`${snapshotFile}.unused`);
  }, 120_000);

  it('is set aside when the log is another one', async () => {
    const elsewhere = mkdtempSync(path.join(tmpdir(), 'rewear-snapshot-other-'));
    try {
      const log = await createPlatform(loadConfig({ DATA_DIR: elsewhere }));
      await appendSteps(log.eventStore, 0, 3000);
      await log.close();
      cpSync(snapshotFile, path.join(elsewhere, READ_SIDE_SNAPSHOT_FILE));
      const platform = await createPlatform(loadConfig({ DATA_DIR: elsewhere }), {
        readSideSnapshot: { fingerprint: 'projection code B' },
      });
      expect(platform.snapshot!.restored).toEqual({
        restored: false,
        reason: 'a snapshot of another event log',
      });
      await platform.close();
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('is set aside when damaged, and the stores start empty', async () => {
    const whole = readFileSync(snapshotFile);
    writeFileSync(snapshotFile, whole.subarray(0, Math.floor(whole.length / 2)));
    const platform = await createPlatform(loadConfig({ DATA_DIR: dir }), {
      readSideSnapshot: { fingerprint: 'projection code B' },
    });
    expect(platform.snapshot!.restored).toEqual({
      restored: false,
      reason: 'an unreadable snapshot (the snapshot file is cut short)',
    });
    expect(await platform.readModels.listCollections()).toEqual([]);
    expect(platform.durability).toEqual({ readModels: false, search: false });
    await platform.close();
  });
});
