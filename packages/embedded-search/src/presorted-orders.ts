/**
 * Presorted orders: every live document in the order of one sort, built by counting sorts of
 * the sort columns' ranks, and the pages read from them (see EmbeddedSearchIndex.presorted).
 */
import type { SearchQuery } from '@rewear/ports';
import { enumerate } from './bitset.ts';

/** Every live document in one sort's order, and each document's position in it. */
export interface Presorted {
  order: Int32Array;
  positions: Int32Array;
}

/**
 * Every live document in the order of a sort, built without a comparator: a comparator sort
 * of a million documents takes most of a second, this a few tens of milliseconds. Each sort
 * key ranks the documents by its value (the comparator's order: numbers, then strings, in the
 * key's direction, missing values last), and a stable counting sort by the ranks of the last
 * key, then of the one before, and so on (least significant first) leaves them in the order of
 * all keys, ties in document order as the comparator's last tie-break.
 */
export function keySorted(
  sort: NonNullable<SearchQuery['sort']>,
  alive: Uint32Array,
  aliveCount: number,
  ranksOf: (field: string, docs: Int32Array) => { ranks: Int32Array; count: number },
): Int32Array {
  let order = enumerate(alive, aliveCount);
  let placed: Int32Array = new Int32Array(order.length);
  for (let k = sort.length - 1; k >= 0; k--) {
    const { field, order: direction } = sort[k]!;
    const { ranks, count } = ranksOf(field, order);
    // descending reverses the ranks of values; missing values (the last rank) stay last
    const missing = count - 1;
    const rankOf =
      direction === 'desc'
        ? (doc: number) => (ranks[doc]! === missing ? missing : missing - 1 - ranks[doc]!)
        : (doc: number) => ranks[doc]!;
    const starts = new Int32Array(count + 1);
    for (let i = 0; i < order.length; i++) starts[rankOf(order[i]!) + 1]!++;
    for (let r = 1; r < count; r++) starts[r]! += starts[r - 1]!;
    for (let i = 0; i < order.length; i++) {
      const doc = order[i]!;
      placed[starts[rankOf(doc)]!++] = doc;
    }
    [order, placed] = [placed, order];
  }
  return order;
}

/** Each document's position in `order`. */
export function positionsOf(order: Int32Array, capacity: number): Int32Array {
  const positions = new Int32Array(capacity);
  for (let i = 0; i < order.length; i++) positions[order[i]!] = i;
  return positions;
}

/** The first `wanted` of `matches` in a presorted order, by sorting their positions in it (reuses `matches`). */
export function byPosition(
  { order, positions }: Presorted,
  matches: Int32Array,
  length: number,
  wanted: number,
): Int32Array {
  const ranked = matches.subarray(0, length);
  for (let i = 0; i < length; i++) ranked[i] = positions[ranked[i]!]!;
  ranked.sort();
  const page = new Int32Array(wanted);
  for (let i = 0; i < wanted; i++) page[i] = order[ranked[i]!]!;
  return page;
}

/** The page [offset, offset + limit) of the matches in a presorted order. */
export function walk(
  order: Int32Array,
  bits: Uint32Array,
  offset: number,
  limit: number,
): Int32Array {
  const page = new Int32Array(limit);
  let skipped = 0;
  let n = 0;
  for (let i = 0; i < order.length && n < limit; i++) {
    const doc = order[i]!;
    if ((bits[doc >>> 5]! & (1 << (doc & 31))) === 0) continue;
    if (skipped < offset) skipped++;
    else page[n++] = doc;
  }
  return page.subarray(0, n);
}
