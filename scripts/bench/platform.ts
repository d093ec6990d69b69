/**
 * Platform benchmark: per engine set, the event store's append throughput, replay speed through
 * the projector runtime into the read models, lag from append to read model, and memory.
 *
 *   npm run bench:platform                       # embedded engines (SQLite log, in-memory, embedded search)
 *   KAFKA_BROKERS=127.0.0.1:9092 MONGODB_URI=mongodb://127.0.0.1:27017 npm run bench:platform
 *                                                # also MongoDB event store + outbox relay + Kafka + MongoDB read models
 *   npm run bench:platform -- --events 50000 --lag-samples 300 --distributed-events 5000
 *   npm run bench:platform -- --replay-runs 5     # embedded replays, each into fresh read models; median reported
 *   npm run bench:platform -- --visibility-samples 300   # distributed pass: append→searchable samples
 *
 * The projectors are the real ones (@rewear/projectors) on a realistic command mix (users, brands,
 * listings and price changes, carts, wishlists). Distributed runs use a throwaway database and
 * their own Kafka topics; Meilisearch is used when MEILI_URL is set, else the embedded search.
 * Targets: embedded replay ≥ 100,000 events/s and lag p99 ≤ 50 ms; Kafka lag p99 ≤ 250 ms.
 *
 * The distributed pass also measures what a seller waits for: from the append of a new listing
 * (a title word of its own) until a search for that word finds it (Meilisearch with MEILI_URL)
 * and until its document is in the MongoDB read model, as query-api reads them, polled every
 * 5 ms, one listing at a time. Target: searchable p99 ≤ 1 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { eventSchemas, type DomainEvent, type EventType } from '@rewear/contracts';
import { createProjectors, READ_MODELS, SEARCH_INDEXES } from '@rewear/projectors';
import {
  loadConfig,
  type Config,
  type EventStore,
  type Projector,
  type Platform,
  startProjections,
  type ProjectionRuntime,
} from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import { openMongoReadModelStore } from '@rewear/mongodb';
import { step } from '../../tests/platform/support/event-mix.ts';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '100000' },
    'distributed-events': { type: 'string', default: '10000' },
    'lag-samples': { type: 'string', default: '500' },
    writers: { type: 'string', default: '4' },
    'replay-runs': { type: 'string', default: '3' },
    'visibility-samples': { type: 'string', default: '200' },
  },
});
const EVENTS = Number(values.events);
const DISTRIBUTED_EVENTS = Number(values['distributed-events']);
const LAG_SAMPLES = Number(values['lag-samples']);
const WRITERS = Number(values.writers);
/** Embedded replays through the real projectors, each into fresh read models; the median is reported. */
const REPLAY_TRIALS = Math.max(1, Number(values['replay-runs']));
/** Distributed pass: new listings appended one at a time, each polled until searchable. */
const VISIBILITY_SAMPLES = Math.max(0, Number(values['visibility-samples']));
const VISIBILITY_POLL_MS = 5;

interface Figures {
  engines: string;
  events: number;
  appendSequential: number;
  appendConcurrent: number;
  replayRuntimeOnly: number;
  replayProjectors: number;
  lagP50: number;
  lagP99: number;
  lagMax: number;
  rssMb: number;
  /** Append → found by a search, and → in the MongoDB read model (distributed pass only). */
  searchableP50?: number;
  searchableP99?: number;
  readModelP99?: number;
}

const mb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const perSecond = (count: number, ms: number) => Math.round((count / ms) * 1000);
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quiet = { info() {}, warn() {}, error: console.error };
const round1 = (ms: number) => Number(ms.toFixed(1));
const spread = (sorted: number[]) =>
  `p50 ${round1(percentile(sorted, 50))} ms, p95 ${round1(percentile(sorted, 95))} ms, ` +
  `p99 ${round1(percentile(sorted, 99))} ms, max ${round1(sorted[sorted.length - 1]!)} ms`;

async function appendStep(store: EventStore, n: number) {
  const { streamId, events, expectedVersion } = step(n);
  return store.append(streamId, events, {
    expectedVersion,
    actor: 'bench',
    correlationId: randomUUID(),
  });
}

/**
 * Appends steps [from, to): one writer, or `writers` writers on disjoint step ranges. Steps of
 * one stream follow each other within 8 steps, so each writer takes whole blocks of 8 in order.
 * A failed append is counted, and the rest of its block skipped (its streams' versions moved on).
 */
async function appendRange(store: EventStore, from: number, to: number, writers = 1) {
  const started = performance.now();
  const blocks = Math.ceil((to - from) / 8);
  let appended = 0;
  const failures: string[] = [];
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let b = w; b < blocks; b += writers) {
        try {
          for (let n = from + b * 8; n < Math.min(to, from + (b + 1) * 8); n++) {
            await appendStep(store, n);
            appended += 1;
          }
        } catch (err) {
          failures.push((err as Error).message);
        }
      }
    }),
  );
  if (failures.length) console.log(`  ${failures.length} appends failed, e.g. ${failures[0]}`);
  return { ms: performance.now() - started, appended };
}

/**
 * Handles every event type and writes nothing: what the runtime itself costs per event
 * (delivery, schema validation, ordering, checkpoints).
 */
const countingProjector: Projector = {
  name: 'bench-count',
  collections: {},
  handles: Object.keys(eventSchemas) as EventType[],
  async apply() {},
};

async function replay(
  platform: Platform,
  projectors: Projector[],
  namespace: string,
  flush?: () => Promise<void>,
) {
  // The appends' garbage is collected first, so the timing is the replay's own (as at a boot).
  global.gc?.();
  const started = performance.now();
  const runtime = await startProjections({
    platform,
    projectors,
    log: quiet,
    subscriptionPrefix: `${namespace}-`,
  });
  const caughtUp = await runtime.catchUp(600_000);
  await flush?.();
  const ms = performance.now() - started;
  if (!caughtUp) throw new Error('replay did not catch up within 10 minutes');
  return { runtime, ms };
}

/** A listing of its own: `word` is in its title and nowhere else in the catalogue. */
function probeListing(listingId: string, word: string, n: number): DomainEvent {
  return {
    type: 'ListingCreated',
    data: {
      listingId,
      sellerId: `u${n % 50}`,
      sellerName: `Seller ${n % 50}`,
      sellerPhoto: null,
      createdAt: new Date().toISOString(),
      stock: 1,
      title: `Probe ${word} jacket`,
      description: 'Listed by the benchmark to time how soon a search finds it',
      priceCents: 2500,
      originalPriceCents: null,
      image: `/images/${listingId}.jpg`,
      gallery: [],
      brandId: 'b0',
      categoryId: 1,
      conditionIds: [1],
      sizeIds: [1],
      colorIds: [1],
    },
  };
}

/**
 * Append → visible: one new listing at a time, polled every VISIBILITY_POLL_MS through the live
 * read side (what query-api reads) until a search for its title word finds it and until its
 * document is in the listings read model. Returns both, in ms, sorted.
 */
async function visibility(platform: Platform, runtime: ProjectionRuntime, samples: number) {
  const search = runtime.readSide.searchIndex<{ id: string }>(SEARCH_INDEXES.products);
  const listings = runtime.readSide.collection<{ _id: string }>(READ_MODELS.listings);
  const searchable: number[] = [];
  const readModel: number[] = [];
  const after: number[] = [];
  const run = randomUUID().replace(/-/g, '').slice(0, 8);
  for (let i = 0; i < samples; i++) {
    const word = `vis${run}n${i}`;
    const listingId = `l-${word}`;
    const started = performance.now();
    await platform.eventStore.append(`listing-${listingId}`, [probeListing(listingId, word, i)], {
      expectedVersion: 0,
      actor: 'bench',
      correlationId: randomUUID(),
    });
    // Two polls of their own, so a slow read of one does not delay noticing the other.
    const poll = async (visible: () => Promise<boolean>) => {
      for (;;) {
        if (await visible()) return performance.now() - started;
        if (performance.now() - started > 30_000)
          throw new Error(`listing ${listingId} not visible after 30 s`);
        await sleep(VISIBILITY_POLL_MS);
      }
    };
    const [found, stored] = await Promise.all([
      poll(async () =>
        (await search.search({ q: word, limit: 5 })).hits.some((hit) => hit.id === listingId),
      ),
      poll(async () => (await listings.findOne({ _id: listingId })) !== null),
    ]);
    searchable.push(found);
    readModel.push(stored);
    after.push(Math.max(0, found - stored));
  }
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  return { searchable: sorted(searchable), readModel: sorted(readModel), after: sorted(after) };
}

async function bench(
  label: string,
  open: () => Promise<Platform>,
  events: number,
  namespace: string,
  trials: number,
  visibilitySamples = 0,
): Promise<Figures> {
  console.log(`\n== ${label}: ${events.toLocaleString('en-US')} events ==`);
  const platform = await open();
  try {
    const half = Math.floor(events / 2 / 8) * 8;
    const sequential = await appendRange(platform.eventStore, 0, half);
    console.log(
      `append, 1 writer:       ${perSecond(sequential.appended, sequential.ms).toLocaleString('en-US')} events/s`,
    );
    const concurrent = await appendRange(platform.eventStore, half, events, WRITERS);
    console.log(
      `append, ${WRITERS} writers:      ${perSecond(concurrent.appended, concurrent.ms).toLocaleString('en-US')} events/s`,
    );
    const total = sequential.appended + concurrent.appended;

    // The runtime alone (validation, checkpoints, batching) over the whole log.
    const counting = await replay(platform, [countingProjector], namespace);
    await counting.runtime.stop();
    console.log(
      `replay, runtime only:   ${perSecond(total, counting.ms).toLocaleString('en-US')} events/s`,
    );

    // The real projectors into fresh read models: what a boot on the embedded engines does.
    // Replays before the last run on a platform of their own over the same log (fresh read
    // models and search index); the first of them runs on cold code, as a boot does.
    const runs: number[] = [];
    for (let trial = 1; trial < trials; trial++) {
      const fresh = await open();
      try {
        const set = createProjectors();
        const trialRun = await replay(fresh, set.all, `${namespace}-t${trial}`, () =>
          set.catalogue.flush(),
        );
        await trialRun.runtime.stop();
        runs.push(trialRun.ms);
      } finally {
        await fresh.close();
      }
    }
    const set = createProjectors();
    const projected = await replay(platform, set.all, namespace, () => set.catalogue.flush());
    runs.push(projected.ms);
    const replayMs = median(runs);
    console.log(
      `replay, real projectors: ${perSecond(total, replayMs).toLocaleString('en-US')} events/s (median of ${runs.length}; ` +
        `runs: ${runs.map((ms) => `${perSecond(total, ms).toLocaleString('en-US')}/s in ${Math.round(ms)} ms`).join(', ')})`,
    );

    // Lag: one append at a time, from the append call until every projector has applied it.
    const lags: number[] = [];
    const acks: number[] = [];
    const base = Math.ceil(events / 8) * 8;
    for (let i = 0; i < LAG_SAMPLES; i++) {
      const started = performance.now();
      const { position } = await appendStep(platform.eventStore, base + i);
      acks.push(performance.now() - started);
      if (!(await projected.runtime.waitFor(position, 10_000)))
        throw new Error(`position ${position} not projected in 10 s`);
      lags.push(performance.now() - started);
      await sleep(2);
    }
    lags.sort((a, b) => a - b);
    acks.sort((a, b) => a - b);
    const figures: Figures = {
      engines: label,
      events: total,
      appendSequential: perSecond(sequential.appended, sequential.ms),
      appendConcurrent: perSecond(concurrent.appended, concurrent.ms),
      replayRuntimeOnly: perSecond(total, counting.ms),
      replayProjectors: perSecond(total, replayMs),
      lagP50: Number(percentile(lags, 50).toFixed(1)),
      lagP99: Number(percentile(lags, 99).toFixed(1)),
      lagMax: Number(lags[lags.length - 1]!.toFixed(1)),
      rssMb: mb(),
    };
    console.log(
      `lag append→read model: p50 ${figures.lagP50} ms, p99 ${figures.lagP99} ms, max ${figures.lagMax} ms`,
    );
    console.log(
      `  of which the append's own ack: p50 ${percentile(acks, 50).toFixed(1)} ms, p99 ${percentile(acks, 99).toFixed(1)} ms`,
    );
    if (visibilitySamples > 0) {
      const seen = await visibility(platform, projected.runtime, visibilitySamples);
      const engine = platform.engines.search === 'meilisearch' ? 'Meilisearch' : 'embedded search';
      console.log(
        `append→searchable in ${engine} (a new listing, ${visibilitySamples} one at a time): ${spread(seen.searchable)}`,
      );
      console.log(`  of which after its read-model document was in: ${spread(seen.after)}`);
      console.log(
        `append→${platform.engines.readModels === 'mongodb' ? 'MongoDB' : 'in-memory'} read model (the same listings' documents): ${spread(seen.readModel)}`,
      );
      figures.searchableP50 = round1(percentile(seen.searchable, 50));
      figures.searchableP99 = round1(percentile(seen.searchable, 99));
      figures.readModelP99 = round1(percentile(seen.readModel, 99));
    }
    console.log(`RSS: ${figures.rssMb} MB`);
    await projected.runtime.stop();
    return figures;
  } finally {
    await platform.close();
  }
}

function printTable(rows: Figures[]) {
  const columns: Array<[string, (f: Figures) => string]> = [
    ['engines', (f) => f.engines],
    ['events', (f) => f.events.toLocaleString('en-US')],
    ['append/s (1 writer)', (f) => f.appendSequential.toLocaleString('en-US')],
    [`append/s (${WRITERS} writers)`, (f) => f.appendConcurrent.toLocaleString('en-US')],
    ['replay/s (runtime)', (f) => f.replayRuntimeOnly.toLocaleString('en-US')],
    ['replay/s (projectors)', (f) => f.replayProjectors.toLocaleString('en-US')],
    ['lag p50 ms', (f) => String(f.lagP50)],
    ['lag p99 ms', (f) => String(f.lagP99)],
    [
      'searchable p50/p99 ms',
      (f) => (f.searchableP99 === undefined ? '-' : `${f.searchableP50} / ${f.searchableP99}`),
    ],
    ['RSS MB', (f) => String(f.rssMb)],
  ];
  const cells = rows.map((row) => columns.map(([, get]) => get(row)));
  const widths = columns.map(([title], i) =>
    Math.max(title.length, ...cells.map((c) => c[i]!.length)),
  );
  const line = (values: string[]) =>
    values.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join('  ');
  console.log(
    `\n${line(columns.map(([title]) => title))}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`,
  );
  for (const row of cells) console.log(line(row));
}

async function main() {
  console.log(`Node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
  const results: Figures[] = [];

  const dir = mkdtempSync(path.join(tmpdir(), 'rewear-bench-'));
  try {
    const embedded: Config = { ...loadConfig({}), dataDir: dir };
    results.push(
      await bench(
        'sqlite + memory + embedded search',
        () => createPlatform(embedded),
        EVENTS,
        'bench',
        REPLAY_TRIALS,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const env = loadConfig(process.env);
  if (env.kafkaBrokers && env.mongodbUri) {
    const namespace = `bench${Date.now().toString(36)}`;
    const distributed: Config = { ...env, mongodbDatabase: namespace };
    const label = `mongodb + kafka + mongodb + ${env.meiliUrl ? 'meilisearch' : 'embedded search'}`;
    try {
      results.push(
        await bench(
          label,
          () => createPlatform(distributed, { namespace }),
          DISTRIBUTED_EVENTS,
          namespace,
          1,
          VISIBILITY_SAMPLES,
        ),
      );
    } finally {
      await dropDatabase(env.mongodbUri, namespace);
    }
  } else {
    const missing = [!env.kafkaBrokers && 'KAFKA_BROKERS', !env.mongodbUri && 'MONGODB_URI']
      .filter(Boolean)
      .join(' and ');
    console.log(
      `\n== Kafka + MongoDB skipped: ${missing} not set (start them with npm run engines:start) ==`,
    );
  }
  printTable(results);
}

/** Empties the throwaway database (every collection in it: event store and read models). */
async function dropDatabase(uri: string, database: string) {
  try {
    const store = await openMongoReadModelStore({ uri, database });
    for (const name of await store.listCollections()) await store.collection(name).drop();
    await store.close();
  } catch (err) {
    console.warn(`could not empty the bench database ${database}: ${(err as Error).message}`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
