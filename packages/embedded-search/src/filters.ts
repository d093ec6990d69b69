/** Filterable attributes: per attribute, its values by document and its documents by value (facet counts too). */

import type { SearchFilter } from '@rewear/ports';
import { Bitset, growFloat64, growInt32, popcount } from './bitset.ts';
import { normalize } from './text.ts';
import { valuesOf } from './values.ts';

export function filterKey(value: unknown): string | null {
  if (typeof value === 'string') return normalize(value.trim());
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

const NO_VALUE = -1;
const SEVERAL_VALUES = -2;

/**
 * One filterable attribute: each document's values, its numbers, and per value the set of its
 * documents, kept also as a bitset once the value is common enough for a bitset to be the smaller
 * of the two (so a price or a date with thousands of rare values costs no bitsets).
 */
export class FilterColumn {
  private readonly ids = new Map<string, number>();
  /** Raw values (as documents hold them) to value numbers: spares normalising on every add. */
  private readonly rawIds = new Map<unknown, number>();
  /** As first seen: facet counts show the values as the documents wrote them. */
  readonly labels: string[] = [];
  /** Documents of each value while it is rare; a common value keeps only its bitset. */
  readonly members: Array<Set<number> | null> = [];
  readonly bitsets: Array<Bitset | undefined> = [];
  private denseValues = 0;
  single: Int32Array;
  /** Value numbers of documents with several values (sparse, by document). */
  readonly several: Array<number[] | undefined> = [];
  numbers: Float64Array;

  constructor(private capacity: number) {
    this.single = new Int32Array(capacity).fill(NO_VALUE);
    this.numbers = new Float64Array(capacity).fill(NaN);
  }

  grow(capacity: number): void {
    this.single = growInt32(this.single, capacity, NO_VALUE);
    this.numbers = growFloat64(this.numbers, capacity);
    for (const bitset of this.bitsets) bitset?.grow(capacity);
    this.capacity = capacity;
  }

  private wordCount(): number {
    return Math.ceil(this.capacity / 32);
  }

  has(doc: number, id: number): boolean {
    const value = this.single[doc]!;
    return value === id || (value === SEVERAL_VALUES && this.several[doc]!.includes(id));
  }

  /** The bitset words of a value that keeps a bitset; undefined while the value is rare. */
  denseWords(id: number): Uint32Array | undefined {
    return this.bitsets[id]?.words;
  }

  /** Adds the documents holding a value to `words`. */
  orInto(id: number, words: Uint32Array): void {
    const dense = this.bitsets[id];
    if (dense) {
      const source = dense.words;
      const size = Math.min(words.length, source.length);
      for (let w = 0; w < size; w++) words[w]! |= source[w]!;
      return;
    }
    for (const doc of this.members[id] ?? []) words[doc >>> 5]! |= 1 << (doc & 31);
  }

  valueId(key: string): number | undefined {
    return this.ids.get(key);
  }

  /** The column as plain data, for a snapshot (sets as lists; the raw-value cache left out). */
  state(): FilterColumnState {
    const severalDocs: number[] = [];
    const severalIds: number[][] = [];
    this.several.forEach((ids, doc) => {
      if (ids === undefined) return;
      severalDocs.push(doc);
      severalIds.push(ids);
    });
    return {
      capacity: this.capacity,
      ids: [...this.ids],
      labels: this.labels,
      members: this.members.map((members) => (members ? Int32Array.from(members) : null)),
      bitsets: this.bitsets.map((bitset) => bitset?.words ?? null),
      denseValues: this.denseValues,
      single: this.single,
      several: { docs: Int32Array.from(severalDocs), ids: severalIds },
      numbers: this.numbers,
    };
  }

  static fromState(state: FilterColumnState): FilterColumn {
    const column = new FilterColumn(0);
    column.capacity = state.capacity;
    for (const [key, id] of state.ids) column.ids.set(key, id);
    column.labels.push(...state.labels);
    for (const members of state.members) column.members.push(members ? new Set(members) : null);
    for (const words of state.bitsets) {
      if (!words) column.bitsets.push(undefined);
      else {
        const bitset = new Bitset(0);
        bitset.words = new Uint32Array(words);
        column.bitsets.push(bitset);
      }
    }
    column.denseValues = state.denseValues;
    column.single = new Int32Array(state.single);
    state.several.docs.forEach((doc, i) => (column.several[doc] = state.several.ids[i]!));
    column.numbers = new Float64Array(state.numbers);
    return column;
  }

  /** Value number of a raw value as documents hold it; null for values that are not filterable. */
  private idOf(item: unknown): number | null {
    let id = this.rawIds.get(item);
    if (id !== undefined) return id;
    const key = filterKey(item);
    if (key === null) return null;
    id = this.ids.get(key);
    if (id === undefined) {
      id = this.labels.length;
      this.ids.set(key, id);
      this.labels.push(String(item));
      this.members.push(new Set());
      this.bitsets.push(undefined);
    }
    if (this.rawIds.size < 100_000) this.rawIds.set(item, id);
    return id;
  }

  add(doc: number, value: unknown): void {
    if (value === undefined || value === null) return;
    if (!Array.isArray(value)) {
      const id = this.idOf(value);
      if (id !== null) {
        this.addMember(doc, id, value);
        this.single[doc] = id;
      }
      return;
    }
    const ids: number[] = [];
    for (const item of valuesOf(value)) {
      const id = this.idOf(item);
      if (id === null) continue;
      if (!ids.includes(id)) ids.push(id);
      this.addMember(doc, id, item);
    }
    if (ids.length === 1) this.single[doc] = ids[0]!;
    else if (ids.length > 1) {
      this.single[doc] = SEVERAL_VALUES;
      this.several[doc] = ids;
    }
  }

  private addMember(doc: number, id: number, item: unknown): void {
    const dense = this.bitsets[id];
    if (dense) dense.set(doc);
    else {
      const members = this.members[id]!;
      members.add(doc);
      if (members.size >= this.wordCount()) {
        const bitset = new Bitset(this.capacity);
        for (const each of members) bitset.set(each);
        this.bitsets[id] = bitset;
        this.members[id] = null;
        this.denseValues++;
      }
    }
    if (typeof item === 'number' && Number.isNaN(this.numbers[doc]!)) this.numbers[doc] = item;
  }

  remove(doc: number): void {
    const id = this.single[doc]!;
    if (id >= 0) {
      this.members[id]?.delete(doc);
      this.bitsets[id]?.clear(doc);
    } else if (id === SEVERAL_VALUES) {
      for (const each of this.several[doc]!) {
        this.members[each]?.delete(doc);
        this.bitsets[each]?.clear(doc);
      }
      this.several[doc] = undefined;
    }
    this.single[doc] = NO_VALUE;
    this.numbers[doc] = NaN;
  }

  /**
   * Counts each value over the matches (once per document). Walks the matches when they are few;
   * otherwise intersects the match bitset with each value's bitset, which costs the same for
   * 100 or 100,000 matches.
   */
  count(matchList: () => Int32Array, length: number, matchBits: () => Uint32Array): Int32Array {
    const counts = new Int32Array(this.labels.length);
    const wordCount = this.wordCount();
    if (this.denseValues < this.labels.length || length * 2 < this.labels.length * wordCount) {
      const matches = matchList();
      const single = this.single;
      const several = this.several;
      for (let i = 0; i < length; i++) {
        const id = single[matches[i]!]!;
        if (id >= 0) counts[id]!++;
        else if (id === SEVERAL_VALUES) {
          const ids = several[matches[i]!]!;
          for (let k = 0; k < ids.length; k++) counts[ids[k]!]!++;
        }
      }
      return counts;
    }
    const bits = matchBits();
    for (let id = 0; id < this.bitsets.length; id++) {
      const words = this.bitsets[id]!.words;
      let total = 0;
      for (let w = 0; w < bits.length; w++) {
        const both = bits[w]! & words[w]!;
        if (both !== 0) total += popcount(both);
      }
      counts[id] = total;
    }
    return counts;
  }
}

/** A FilterColumn as plain data (see FilterColumn.state). */
export interface FilterColumnState {
  capacity: number;
  ids: Array<[string, number]>;
  labels: string[];
  members: Array<Int32Array | null>;
  bitsets: Array<Uint32Array | null>;
  denseValues: number;
  single: Int32Array;
  several: { docs: Int32Array; ids: number[][] };
  numbers: Float64Array;
}

/** A query's filter against the index's columns: value sets, numeric ranges, and a test of one document. */
export interface CompiledFilter {
  sets: Array<{ column: FilterColumn; ids: number[] }>;
  ranges: Array<(doc: number) => boolean>;
  test(doc: number): boolean;
}

/** The column of a filterable attribute; any other is an error naming the index and the use. */
export function filterColumnOf(
  columns: ReadonlyMap<string, FilterColumn>,
  attribute: string,
  use: string,
  indexName: string,
): FilterColumn {
  const column = columns.get(attribute);
  if (!column)
    throw new Error(
      `Cannot ${use} "${attribute}": it is not a filterable attribute of ${indexName}`,
    );
  return column;
}

export function compileFilter(
  filter: SearchFilter,
  columns: ReadonlyMap<string, FilterColumn>,
  indexName: string,
): CompiledFilter {
  const sets: Array<{ column: FilterColumn; ids: number[] }> = [];
  const ranges: Array<(doc: number) => boolean> = [];
  for (const [attribute, condition] of Object.entries(filter)) {
    const column = filterColumnOf(columns, attribute, 'filter on', indexName);
    if (condition !== null && typeof condition === 'object' && !Array.isArray(condition)) {
      const { gte, gt, lte, lt } = condition;
      const numbers = column.numbers;
      ranges.push((doc) => {
        const value = numbers[doc]!;
        return (
          !Number.isNaN(value) &&
          (gte === undefined || value >= gte) &&
          (gt === undefined || value > gt) &&
          (lte === undefined || value <= lte) &&
          (lt === undefined || value < lt)
        );
      });
      continue;
    }
    const wanted = Array.isArray(condition) ? condition : [condition];
    const ids: number[] = [];
    for (const value of wanted) {
      const key = filterKey(value);
      const id = key === null ? undefined : column.valueId(key);
      if (id !== undefined) ids.push(id);
    }
    sets.push({ column, ids });
  }
  return {
    sets,
    ranges,
    test(doc: number) {
      for (const { column, ids } of sets) if (!ids.some((id) => column.has(doc, id))) return false;
      for (const range of ranges) if (!range(doc)) return false;
      return true;
    },
  };
}
