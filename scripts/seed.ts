/**
 * Seeds the catalogue through the command side into the configured event store.
 *   npm run seed -- [--listings 2000] [--sellers 150] [--seed 20240601] [--force | --if-empty]
 * Refuses a store that already holds events unless --force (then it adds a second catalogue);
 * with --if-empty it leaves such a store alone and succeeds (the compose file's one-shot seed).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import { seedCatalogue } from '@rewear/command-api';
import { DEFAULT_SEED, MAX_SEED_LISTINGS } from '@rewear/seed';

const { values } = parseArgs({
  options: {
    listings: { type: 'string', default: '2000' },
    sellers: { type: 'string', default: '150' },
    seed: { type: 'string', default: String(DEFAULT_SEED) },
    force: { type: 'boolean', default: false },
    'if-empty': { type: 'boolean', default: false },
  },
});
const listings = Number(values.listings);
const sellers = Number(values.sellers);
const seed = Number(values.seed);
if (!Number.isInteger(listings) || listings < 0 || listings > MAX_SEED_LISTINGS) {
  console.error(`--listings must be a whole number from 0 to ${MAX_SEED_LISTINGS}`);
  process.exit(2);
}
if (!Number.isInteger(sellers) || sellers < 2 || !Number.isInteger(seed)) {
  console.error('--sellers must be a whole number of at least 2 and --seed a whole number');
  process.exit(2);
}

const config = loadConfig();
const platform = await createPlatform(config, { namespace: config.namespace ?? undefined });
try {
  const head = await platform.eventStore.headPosition();
  if (head > 0 && values['if-empty']) {
    console.log(`[seed] the event store already holds ${head} events: nothing to seed`);
  } else if (head > 0 && !values.force) {
    console.error(
      `The event store already holds ${head} events; pass --force to add a catalogue anyway.`,
    );
    process.exitCode = 1;
  } else {
    const started = Date.now();
    const result = await seedCatalogue(platform.eventStore, {
      listings,
      sellers,
      seed: head > 0 ? seed + head : seed,
      onProgress: (p) => console.log(`[seed] ${p.phase} ${p.done}/${p.total}`),
    });
    console.log(
      `[seed] ${result.listings} listings, ${result.users} sellers, ${result.brands} brands, ${result.likes} likes: ` +
        `${result.events} events up to position ${result.position} in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(${platform.engines.eventStore})`,
    );
  }
} finally {
  await platform.close();
}
