/**
 * The seed catalogue, planned: users, brands, listings and likes drawn from a seeded source, so
 * the same seed always plans the same catalogue. Writing it goes through the command side
 * (`seedCatalogue` in @rewear/command-api), whose deciders turn each item into events.
 */
import { planCatalogue, type SeedPlan } from './catalogue.ts';
import { createRandom } from './random.ts';

export { planCatalogue } from './catalogue.ts';
export type { SeedPlan } from './catalogue.ts';
export { createRandom, type Random } from './random.ts';
export {
  ADJECTIVES,
  COLOR_WORDS,
  GARMENT_NOUNS,
  GARMENT_PICTURES,
  SEED_BRANDS,
  type SeedBrand,
} from './vocabulary.ts';

export interface SeedPlanOptions {
  listings?: number;
  sellers?: number;
  seed?: number;
  /** The seed's "now"; listings are spread over the 6 months before it. */
  now?: Date;
}

export interface PlannedSeed {
  plan: SeedPlan;
  seed: number;
  now: Date;
  /** Event ids and any ids a decider asks for, from the same seeded source as the plan. */
  newId: () => string;
}

export const DEFAULT_SEED = 20240601;
export const MAX_SEED_LISTINGS = 1_000_000;

export function planSeed(options: SeedPlanOptions = {}): PlannedSeed {
  const listings = options.listings ?? 2000;
  if (!Number.isInteger(listings) || listings < 0 || listings > MAX_SEED_LISTINGS) {
    throw new Error(`listings must be a whole number from 0 to ${MAX_SEED_LISTINGS}`);
  }
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? new Date();
  const plan = planCatalogue({ seed, listings, sellers: options.sellers ?? 150, now });
  const ids = createRandom(seed ^ 0x5eed);
  return { plan, seed, now, newId: () => ids.id(16) };
}
