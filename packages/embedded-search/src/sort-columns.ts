/** Sortable attributes as typed columns, the comparator over them, and the bounded top-k of a page. */

import type { SearchQuery } from '@rewear/ports';
import { normalize } from './text.ts';

// Module-local, as the loops below read them: an imported binding is a cell load per use.
const MISSING = 0;
const NUMBER = 1;
const STRING = 2;

/** One sortable attribute as typed columns: kind, number, string prefix key, full string. */
export class SortColumn {
  kinds: Uint8Array;
  numbers: Float64Array;
  readonly strings: Array<string | undefined> = [];

  constructor(capacity: number) {
    this.kinds = new Uint8Array(capacity);
    this.numbers = new Float64Array(capacity);
  }

  grow(capacity: number): void {
    const kinds = new Uint8Array(capacity);
    kinds.set(this.kinds);
    this.kinds = kinds;
    const numbers = new Float64Array(capacity);
    numbers.set(this.numbers);
    this.numbers = numbers;
  }

  /** Up to 7 characters of the normalised string as a number (7 bits each; ties fall back to the string). */
  private static prefixKey(text: string): number {
    let key = 0;
    for (let i = 0; i < 7; i++)
      key = key * 128 + (i < text.length ? Math.min(text.charCodeAt(i), 127) : 0);
    return key;
  }

  set(doc: number, value: unknown): void {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'number' && Number.isFinite(first)) {
      this.kinds[doc] = NUMBER;
      this.numbers[doc] = first;
      this.strings[doc] = undefined;
    } else if (typeof first === 'string' || typeof first === 'boolean') {
      const text = normalize(String(first));
      this.kinds[doc] = STRING;
      this.numbers[doc] = SortColumn.prefixKey(text);
      this.strings[doc] = text;
    } else this.remove(doc);
  }

  remove(doc: number): void {
    this.kinds[doc] = MISSING;
    this.strings[doc] = undefined;
  }

  state(): SortColumnState {
    return { kinds: this.kinds, numbers: this.numbers, strings: this.strings };
  }

  static fromState(state: SortColumnState): SortColumn {
    const column = new SortColumn(0);
    column.kinds = new Uint8Array(state.kinds);
    column.numbers = new Float64Array(state.numbers);
    // one by one: a spread of a million arguments overflows the stack
    for (const text of state.strings) column.strings.push(text);
    return column;
  }
}

export interface SortColumnState {
  kinds: Uint8Array;
  numbers: Float64Array;
  strings: Array<string | undefined>;
}

export type Comparator = (a: number, b: number) => number;

/** The `k` best of `items[0..length)` in order, by a bounded max-heap when k is small (may reorder `items`). */
export function topK(
  items: Int32Array,
  length: number,
  k: number,
  compare: Comparator,
): Int32Array {
  if (k <= 0) return new Int32Array(0);
  if (k * 8 >= length)
    return items.subarray(0, length).sort(compare).subarray(0, Math.min(k, length));
  const heap = new Int32Array(k);
  let size = 0;
  const siftDown = (from: number) => {
    let i = from;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < size && compare(heap[left]!, heap[worst]!) > 0) worst = left;
      if (right < size && compare(heap[right]!, heap[worst]!) > 0) worst = right;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst]!, heap[i]!];
      i = worst;
    }
  };
  for (let n = 0; n < length; n++) {
    const item = items[n]!;
    if (size < k) {
      let i = size++;
      heap[i] = item;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (compare(heap[i]!, heap[parent]!) <= 0) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    } else if (compare(item, heap[0]!) < 0) {
      heap[0] = item;
      siftDown(0);
    }
  }
  return heap.subarray(0, size).sort(compare);
}

/** Explicit sort first (missing values last), relevance after; null keeps document order. */
export function comparatorOf(
  sort: NonNullable<SearchQuery['sort']>,
  byRelevance: boolean,
  sortColumns: ReadonlyMap<string, SortColumn>,
  totals: Int32Array,
  indexName: string,
): Comparator | null {
  const keys = sort.map(({ field, order }) => {
    const column = sortColumns.get(field);
    if (!column)
      throw new Error(`Cannot sort on "${field}": it is not a sortable attribute of ${indexName}`);
    return { column, direction: order === 'desc' ? -1 : 1 };
  });
  if (keys.length === 0 && !byRelevance) return null;
  const columns = keys.map((key) => key.column);
  const directions = keys.map((key) => key.direction);
  const count = keys.length;
  return (a, b) => {
    for (let k = 0; k < count; k++) {
      const column = columns[k]!;
      const direction = directions[k]!;
      const kindA = column.kinds[a]!;
      const kindB = column.kinds[b]!;
      if (kindA !== kindB) {
        if (kindA === MISSING) return 1;
        if (kindB === MISSING) return -1;
        return (kindA - kindB) * direction;
      }
      if (kindA === MISSING) continue;
      const numberA = column.numbers[a]!;
      const numberB = column.numbers[b]!;
      if (numberA !== numberB) return numberA < numberB ? -direction : direction;
      if (kindA === STRING) {
        const textA = column.strings[a]!;
        const textB = column.strings[b]!;
        if (textA !== textB) return textA < textB ? -direction : direction;
      }
    }
    if (byRelevance && totals[a] !== totals[b]) return totals[a]! - totals[b]!;
    return a - b;
  };
}

/**
 * Each live document's rank in one sort column (by document number; `docs` are the live
 * documents), ascending in the comparator's order: numbers, then strings, then missing values
 * (the last rank). Equal ranks are the values the comparator finds equal.
 */
export function rankColumn(
  column: SortColumn,
  docs: Int32Array,
  capacity: number,
): { ranks: Int32Array; count: number } {
  const { kinds, numbers, strings } = column;
  // distinct numbers ascending, by a native sort (+ 0 folds -0 into 0, as === does)
  const values = new Float64Array(docs.length);
  let count = 0;
  for (let i = 0; i < docs.length; i++)
    if (kinds[docs[i]!] === NUMBER) values[count++] = numbers[docs[i]!]! + 0;
  const sorted = values.subarray(0, count).sort();
  let numberCount = 0;
  for (let i = 0; i < count; i++)
    if (numberCount === 0 || sorted[i] !== sorted[numberCount - 1])
      sorted[numberCount++] = sorted[i]!;
  const distinct = sorted.subarray(0, numberCount);
  // distinct strings in the comparator's order (its prefix key agrees with the string order)
  const texts = new Map<string, number>();
  for (let i = 0; i < docs.length; i++)
    if (kinds[docs[i]!] === STRING) texts.set(strings[docs[i]!]!, 0);
  const textOrder = [...texts.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (let r = 0; r < textOrder.length; r++) texts.set(textOrder[r]!, numberCount + r);
  const missing = numberCount + textOrder.length;
  const ranks = new Int32Array(capacity);
  for (let i = 0; i < docs.length; i++) {
    const doc = docs[i]!;
    const kind = kinds[doc]!;
    if (kind === MISSING) ranks[doc] = missing;
    else if (kind === STRING) ranks[doc] = texts.get(strings[doc]!)!;
    else {
      const value = numbers[doc]! + 0;
      let low = 0;
      let high = numberCount - 1;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (distinct[middle]! < value) low = middle + 1;
        else high = middle;
      }
      ranks[doc] = low;
    }
  }
  return { ranks, count: missing + 1 };
}
