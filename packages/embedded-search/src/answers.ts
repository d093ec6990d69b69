/** The index's caches of answers and orderings by query. */

/** Answers kept by the cache of each index (a few hundred kB: hits are shared documents). */
export const ANSWERS_KEPT = 1000;
/** How far an ordering is computed past the page asked for: the next pages of a listing. */
export const ORDERED_AHEAD = 100;

/** The first matches of a query in its order (document numbers), with its total and facets. */
export interface Ordering {
  numbers: readonly number[];
  total: number;
  facets: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

/** Puts `value` last (most recently used) and drops the oldest past ANSWERS_KEPT. */
export function keepRecent<V>(cache: Map<string, V>, key: string, value: V): void {
  cache.delete(key);
  cache.set(key, value);
  if (cache.size > ANSWERS_KEPT) cache.delete(cache.keys().next().value!);
}
