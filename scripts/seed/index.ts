/** Seeding the catalogue: `seedIfEmpty` for the server's first start, `seedCatalogue` for the CLI. */
import type { EventStore } from '@rewear/platform';
import { planCatalogue } from './catalogue.ts';
import { createRandom } from './random.ts';
import { writeSeed, type SeedProgress, type SeedResult } from './run.ts';

export { planCatalogue } from './catalogue.ts';
export type { SeedPlan } from './catalogue.ts';
export type { SeedProgress, SeedResult } from './run.ts';

export interface SeedCatalogueOptions {
  listings?: number;
  sellers?: number;
  seed?: number;
  /** The seed's "now"; listings are spread over the 6 months before it. */
  now?: Date;
  onProgress?: (progress: SeedProgress) => void;
}

export const DEFAULT_SEED = 20240601;
export const MAX_SEED_LISTINGS = 100_000;

export async function seedCatalogue(
  store: EventStore,
  options: SeedCatalogueOptions = {},
): Promise<SeedResult> {
  const listings = options.listings ?? 2000;
  if (!Number.isInteger(listings) || listings < 0 || listings > MAX_SEED_LISTINGS) {
    throw new Error(`listings must be a whole number from 0 to ${MAX_SEED_LISTINGS}`);
  }
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? new Date();
  const plan = planCatalogue({ seed, listings, sellers: options.sellers ?? 150, now });
  // Event ids and any ids a decider asks for come from the same seeded source.
  const ids = createRandom(seed ^ 0x5eed);
  return writeSeed(store, plan, {
    seed,
    now,
    newId: () => ids.id(16),
    onProgress: options.onProgress,
  });
}

/** Seeds only when the event store holds no event at all; returns null when it did nothing. */
export async function seedIfEmpty(
  platform: { eventStore: EventStore },
  options: SeedCatalogueOptions = {},
): Promise<SeedResult | null> {
  if ((await platform.eventStore.headPosition()) > 0) return null;
  return seedCatalogue(platform.eventStore, options);
}
