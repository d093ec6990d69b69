/**
 * Writing the seed catalogue: `seedIfEmpty` for the server's first start, `seedCatalogue` for the
 * CLI. The plan comes from @rewear/seed; each planned item becomes a command to its decider.
 */
import type { EventStore } from '@rewear/platform';
import { planSeed, type SeedPlanOptions } from '@rewear/seed';
import { writeSeed, type SeedProgress, type SeedResult } from './write-seed.ts';

export type { SeedProgress, SeedResult } from './write-seed.ts';

export interface SeedCatalogueOptions extends SeedPlanOptions {
  onProgress?: (progress: SeedProgress) => void;
}

export async function seedCatalogue(
  store: EventStore,
  options: SeedCatalogueOptions = {},
): Promise<SeedResult> {
  const { plan, seed, now, newId } = planSeed(options);
  return writeSeed(store, plan, { seed, now, newId, onProgress: options.onProgress });
}

/** Seeds only when the event store holds no event at all; returns null when it did nothing. */
export async function seedIfEmpty(
  platform: { eventStore: EventStore },
  options: SeedCatalogueOptions = {},
): Promise<SeedResult | null> {
  if ((await platform.eventStore.headPosition()) > 0) return null;
  return seedCatalogue(platform.eventStore, options);
}
