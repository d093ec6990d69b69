/**
 * Embedded read models: in-memory collections queried in MongoDB's query language (mingo).
 * Rebuilt by replay at boot, so writes are cheap: a put copies and freezes the document and
 * maintains a hash map for the leading field of each declared index. Equality on `_id` or on
 * such a field (also `$in`) narrows the candidates before mingo evaluates the whole filter, so
 * `find({ userId })` costs O(matches), not a scan. Readers get their own copies, unless they ask
 * for a read-only find.
 *
 * Filters made of plain conditions on top-level fields (equality, $ne, $in, $nin, comparisons,
 * $exists) run as compiled predicates; anything else goes through mingo, whose compiled queries
 * are kept per filter text (building one costs far more than running it).
 */
import { Aggregator, Query, update as applyUpdate } from 'mingo';
import type {
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  ReadModelCollection,
  ReadModelStore,
} from '@rewear/ports';
import { frozenCopy, frozenInPlace, mutableCopy, type Interner } from '@rewear/memory-copy';

/** A unique index refused a write; mirrors MongoDB's E11000. */
export class DuplicateKeyError extends Error {
  readonly code = 11000;
  constructor(collection: string, keys: string[], value: string) {
    super(
      `E11000 duplicate key error collection: ${collection} index: ${keys.join('_')} dup key: ${value}`,
    );
    this.name = 'DuplicateKeyError';
  }
}

type IndexKey = string | number | boolean;

function isIndexKey(value: unknown): value is IndexKey {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * Every primitive reachable by a dotted path, descending into arrays the way MongoDB's multikey
 * matching does. A superset of what an equality can match, which is all a candidate set needs.
 */
function valuesAt(
  value: unknown,
  segments: readonly string[],
  from: number,
  out: IndexKey[],
): void {
  if (Array.isArray(value)) {
    const segment = segments[from];
    if (segment !== undefined && /^\d+$/.test(segment))
      valuesAt(value[Number(segment)], segments, from + 1, out);
    for (const item of value) valuesAt(item, segments, from, out);
    return;
  }
  if (from === segments.length) {
    if (isIndexKey(value)) out.push(value);
    return;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    valuesAt((value as Record<string, unknown>)[segments[from]!], segments, from + 1, out);
  }
}

function resolvePath(doc: unknown, path: string): unknown {
  let value = doc;
  for (const segment of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[segment];
  }
  return value;
}

/** The equality keys a filter condition pins a field to, or null when it does not. */
function equalityKeys(condition: unknown): IndexKey[] | null {
  if (isIndexKey(condition)) return [condition];
  if (
    condition === null ||
    typeof condition !== 'object' ||
    Array.isArray(condition) ||
    condition instanceof Date
  ) {
    return null;
  }
  const operators = Object.keys(condition);
  if (operators.length !== 1) return null;
  const operand = (condition as Record<string, unknown>)[operators[0]!];
  if (operators[0] === '$eq' && isIndexKey(operand)) return [operand];
  if (operators[0] === '$in' && Array.isArray(operand) && operand.every(isIndexKey)) return operand;
  return null;
}

type Predicate = (doc: Record<string, unknown>) => boolean;

const isPlain = (value: unknown): value is string | number | boolean =>
  typeof value === 'string' ||
  (typeof value === 'number' && !Number.isNaN(value)) ||
  typeof value === 'boolean';

/** MongoDB equality against a primitive: the field's value, or an element of an array field. */
function equals(value: unknown, operand: string | number | boolean): boolean {
  if (value === operand) return true;
  return Array.isArray(value) && value.includes(operand);
}

/**
 * A comparison ($gt …) of a primitive field with a primitive of the same kind; `undefined` when
 * the value is not such a primitive (arrays, dates, mixed kinds), which mingo then decides.
 */
function compared(
  value: unknown,
  operand: string | number,
  test: (a: string | number, b: string | number) => boolean,
): boolean | undefined {
  if (typeof value === typeof operand) return test(value as string | number, operand);
  if (value === undefined || value === null) return false;
  return undefined;
}

const COMPARISONS: Record<string, (a: string | number, b: string | number) => boolean> = {
  $gt: (a, b) => a > b,
  $gte: (a, b) => a >= b,
  $lt: (a, b) => a < b,
  $lte: (a, b) => a <= b,
};

/** A predicate for one field's condition, or null when the condition needs mingo. */
function compileCondition(
  field: string,
  condition: unknown,
): ((doc: Record<string, unknown>) => boolean | undefined) | null {
  if (field.startsWith('$') || field.includes('.')) return null;
  if (isPlain(condition)) return (doc) => equals(doc[field], condition);
  if (
    condition === null ||
    typeof condition !== 'object' ||
    Array.isArray(condition) ||
    condition instanceof Date
  )
    return null;
  const tests: Array<(value: unknown) => boolean | undefined> = [];
  for (const [operator, operand] of Object.entries(condition)) {
    if (operator === '$eq' && isPlain(operand)) tests.push((v) => equals(v, operand));
    else if (operator === '$ne' && isPlain(operand)) tests.push((v) => !equals(v, operand));
    else if (operator === '$in' && Array.isArray(operand) && operand.every(isPlain)) {
      tests.push((v) =>
        Array.isArray(v) ? v.some((item) => operand.includes(item)) : operand.includes(v as never),
      );
    } else if (operator === '$nin' && Array.isArray(operand) && operand.every(isPlain)) {
      tests.push((v) =>
        Array.isArray(v)
          ? !v.some((item) => operand.includes(item))
          : !operand.includes(v as never),
      );
    } else if (
      operator in COMPARISONS &&
      (typeof operand === 'number' || typeof operand === 'string') &&
      !Number.isNaN(operand)
    ) {
      const compare = COMPARISONS[operator]!;
      tests.push((v) => compared(v, operand, compare));
    } else if (operator === '$exists' && typeof operand === 'boolean') {
      tests.push((v) => (v !== undefined) === operand);
    } else return null;
  }
  return (doc) => {
    const value = doc[field];
    for (const test of tests) {
      const result = test(value);
      if (result !== true) return result;
    }
    return true;
  };
}

/** mingo queries by filter text; a replay asks the same few shapes over and over. */
const mingoQueries = new Map<string, Query>();

function mingoQuery(filter: Filter): Query {
  const key = JSON.stringify(filter);
  let query = mingoQueries.get(key);
  if (!query) {
    if (mingoQueries.size >= 500) mingoQueries.delete(mingoQueries.keys().next().value!);
    query = new Query(filter);
    mingoQueries.set(key, query);
  }
  return query;
}

/** The whole filter as one predicate: compiled conditions, with mingo for what they cannot decide. */
function compileFilter(filter: Filter): Predicate {
  const conditions: Array<(doc: Record<string, unknown>) => boolean | undefined> = [];
  for (const [field, condition] of Object.entries(filter)) {
    const compiled = compileCondition(field, condition);
    if (!compiled) {
      const query = mingoQuery(filter);
      return (doc) => query.test(doc);
    }
    conditions.push(compiled);
  }
  let query: Query | null = null;
  return (doc) => {
    for (const condition of conditions) {
      const result = condition(doc);
      if (result === false) return false;
      if (result === undefined) return (query ??= mingoQuery(filter)).test(doc);
    }
    return true;
  };
}

/** The fields of an inclusion projection of top-level fields (with `_id` unless excluded), or null. */
function includedFields(projection: Record<string, 0 | 1>): string[] | null {
  const fields: string[] = [];
  let withId = true;
  for (const [field, include] of Object.entries(projection)) {
    if (field === '_id' && !include) withId = false;
    else if (include !== 1 || field.includes('.') || field.startsWith('$')) return null;
    else if (field !== '_id') fields.push(field);
  }
  // No field included (`{}`, `{ _id: 0 }`, `{ _id: 1 }`): mingo decides, as MongoDB would.
  if (fields.length === 0) return null;
  return withId ? ['_id', ...fields] : fields;
}

/** The included fields of a document: copies, or the stored (frozen) values for a read-only find. */
function pick(doc: Doc, fields: string[], readonly: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = (doc as Record<string, unknown>)[field];
    if (value !== undefined) out[field] = readonly ? value : mutableCopy(value);
  }
  return out;
}

/**
 * The ids holding one value: the id itself while it is the only one (an e-mail, a user's cart),
 * a Set from the second on. A Set for every unique value cost a replay about 3% of its time.
 */
type Holders = string | Set<string>;

/**
 * The id of a filter on `_id` alone (`{ _id: 'l1' }`), the projectors' most common read; else
 * null. Without listing the filter's keys into an array.
 */
function idOnly(filter: Filter): string | null {
  const id = filter['_id'];
  if (typeof id !== 'string') return null;
  for (const key in filter) if (key !== '_id') return null;
  return id;
}

class FieldIndex {
  private readonly segments: string[];
  private readonly byValue = new Map<IndexKey, Holders>();

  /** A field of the document itself (no dotted path): its keys are exactly what equality matches. */
  readonly topLevel: boolean;

  constructor(readonly path: string) {
    this.segments = path.split('.');
    this.topLevel = this.segments.length === 1;
  }

  /** Whether two versions of a document hold the same primitive at this (top-level) path. */
  unchanged(before: Doc, after: Doc): boolean {
    if (this.segments.length !== 1) return false;
    const a = (before as Record<string, unknown>)[this.path];
    return (
      a === (after as Record<string, unknown>)[this.path] &&
      (a === undefined || a === null || isIndexKey(a))
    );
  }

  /** The one key of a document whose top-level field holds a primitive (the common case); else undefined. */
  private soleKeyOf(doc: Doc): IndexKey | undefined {
    if (!this.topLevel) return undefined;
    const value = (doc as Record<string, unknown>)[this.path];
    return isIndexKey(value) ? value : undefined;
  }

  private keysOf(doc: Doc): IndexKey[] {
    const out: IndexKey[] = [];
    valuesAt(doc, this.segments, 0, out);
    return out;
  }

  add(doc: Doc): void {
    const sole = this.soleKeyOf(doc);
    if (sole !== undefined) this.addHolder(sole, doc._id);
    else for (const key of this.keysOf(doc)) this.addHolder(key, doc._id);
  }

  remove(doc: Doc): void {
    const sole = this.soleKeyOf(doc);
    if (sole !== undefined) this.removeHolder(sole, doc._id);
    else for (const key of this.keysOf(doc)) this.removeHolder(key, doc._id);
  }

  private addHolder(key: IndexKey, id: string): void {
    const holders = this.byValue.get(key);
    if (holders === undefined) this.byValue.set(key, id);
    else if (typeof holders !== 'string') holders.add(id);
    else if (holders !== id) this.byValue.set(key, new Set([holders, id]));
  }

  private removeHolder(key: IndexKey, id: string): void {
    const holders = this.byValue.get(key);
    if (holders === undefined) return;
    if (typeof holders === 'string') {
      if (holders === id) this.byValue.delete(key);
      return;
    }
    holders.delete(id);
    if (holders.size === 0) this.byValue.delete(key);
  }

  /** How many documents hold `key`. */
  countOf(key: IndexKey): number {
    const holders = this.byValue.get(key);
    return holders === undefined ? 0 : typeof holders === 'string' ? 1 : holders.size;
  }

  /** Ids holding any of the keys; `size` lets the planner pick the narrowest index. */
  candidates(keys: IndexKey[]): { ids: Iterable<string>; size: number } {
    if (keys.length === 1) {
      const holders = this.byValue.get(keys[0]!);
      if (holders === undefined) return { ids: [], size: 0 };
      return typeof holders === 'string'
        ? { ids: [holders], size: 1 }
        : { ids: holders, size: holders.size };
    }
    const union = new Set<string>();
    for (const key of keys) {
      const holders = this.byValue.get(key);
      if (typeof holders === 'string') union.add(holders);
      else if (holders !== undefined) for (const id of holders) union.add(id);
    }
    return { ids: union, size: union.size };
  }
}

class UniqueConstraint {
  private readonly owners = new Map<string, string>();
  constructor(readonly fields: string[]) {}

  /** Like MongoDB, a missing field counts as null. */
  keyOf(doc: Doc): string {
    return JSON.stringify(this.fields.map((field) => resolvePath(doc, field) ?? null));
  }
  ownerOf(doc: Doc): string | undefined {
    return this.owners.get(this.keyOf(doc));
  }
  add(doc: Doc): void {
    this.owners.set(this.keyOf(doc), doc._id);
  }
  remove(doc: Doc): void {
    const key = this.keyOf(doc);
    if (this.owners.get(key) === doc._id) this.owners.delete(key);
  }
}

function indexName(spec: IndexSpec): string {
  return Object.entries(spec.keys)
    .map(([field, direction]) => `${field}_${direction}`)
    .join('_');
}

class MemoryCollection<T extends Doc> implements ReadModelCollection<T> {
  private docs = new Map<string, T>();
  private fieldIndexes = new Map<string, FieldIndex>();
  private uniques = new Map<string, UniqueConstraint>();
  /** A collection exists once written to or indexed, and stops existing when dropped (as in MongoDB). */
  exists = false;

  constructor(readonly name: string) {}

  /** The documents a filter can match: by _id, by the narrowest usable index, or all. */
  private candidates(filter: Filter): T[] {
    let best: { ids: Iterable<string>; size: number } | null = null;
    for (const [field, condition] of Object.entries(filter)) {
      if (field.startsWith('$')) continue;
      const keys = equalityKeys(condition);
      if (!keys) continue;
      if (field === '_id') {
        const ids = keys.filter((key): key is string => typeof key === 'string');
        if (!best || ids.length < best.size) best = { ids, size: ids.length };
        continue;
      }
      const index = this.fieldIndexes.get(field);
      if (!index) continue;
      const found = index.candidates(keys);
      if (!best || found.size < best.size) best = found;
    }
    if (!best) return Array.from(this.docs.values());
    const out: T[] = [];
    for (const id of best.ids) {
      const doc = this.docs.get(id);
      if (doc) out.push(doc);
    }
    return out;
  }

  private matching(filter: Filter): T[] {
    const id = idOnly(filter);
    if (id !== null) {
      const doc = this.docs.get(id);
      return doc ? [doc] : [];
    }
    const fields = Object.keys(filter);
    const candidates = this.candidates(filter);
    if (fields.length === 0) return candidates;
    const test = compileFilter(filter);
    return candidates.filter((doc) => test(doc));
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const matches = this.matching(filter);
    const { sort, projection, skip, limit, readonly = false } = options;
    if (!sort && !projection) {
      const start = skip ?? 0;
      const end = limit ? start + limit : undefined;
      const page = matches.slice(start, end);
      return readonly ? page : page.map(mutableCopy);
    }
    const fields = projection ? includedFields(projection) : null;
    if (fields && !sort) {
      // An inclusion of top-level fields: those fields only.
      const start = skip ?? 0;
      const end = limit ? start + limit : undefined;
      return matches.slice(start, end).map((doc) => pick(doc, fields, readonly) as T);
    }
    let cursor = new Query({}).find<T>(matches, projection as never);
    if (sort) cursor = cursor.sort(sort);
    if (skip) cursor = cursor.skip(skip);
    if (limit) cursor = cursor.limit(limit);
    return readonly ? cursor.all() : cursor.all().map(mutableCopy);
  }

  async findOne(filter: Filter, options: Pick<FindOptions, 'readonly'> = {}): Promise<T | null> {
    const id = idOnly(filter);
    if (id !== null) {
      const doc = this.docs.get(id);
      if (doc === undefined) return null;
      return options.readonly ? doc : mutableCopy(doc);
    }
    const [first] = await this.find(filter, { limit: 1, readonly: options.readonly });
    return first ?? null;
  }

  async count(filter: Filter = {}): Promise<number> {
    const fields = Object.keys(filter);
    if (fields.length === 0) return this.docs.size;
    if (fields.length === 1 && isIndexKey(filter[fields[0]!])) {
      // Equality on an indexed top-level field: the index holds exactly the matching documents.
      const index = this.fieldIndexes.get(fields[0]!);
      if (index?.topLevel) return index.countOf(filter[fields[0]!] as IndexKey);
    }
    return this.matching(filter).length;
  }

  async aggregate<R = Doc>(pipeline: Record<string, unknown>[]): Promise<R[]> {
    const firstMatch = pipeline[0]?.['$match'] as Filter | undefined;
    const source = firstMatch ? this.candidates(firstMatch) : Array.from(this.docs.values());
    return new Aggregator(pipeline).run(source).map(mutableCopy) as R[];
  }

  private checkUnique(doc: T): void {
    for (const unique of this.uniques.values()) {
      const owner = unique.ownerOf(doc);
      if (owner !== undefined && owner !== doc._id) {
        throw new DuplicateKeyError(this.name, unique.fields, unique.keyOf(doc));
      }
    }
  }

  private store(doc: T): void {
    this.checkUnique(doc);
    const previous = this.docs.get(doc._id);
    this.docs.set(doc._id, doc);
    for (const index of this.fieldIndexes.values()) {
      // A replacement that keeps the indexed value (most projector writes) leaves the entry.
      if (previous && index.unchanged(previous, doc)) continue;
      if (previous) index.remove(previous);
      index.add(doc);
    }
    for (const unique of this.uniques.values()) {
      if (previous) unique.remove(previous);
      unique.add(doc);
    }
    this.exists = true;
  }

  private unindex(doc: T): void {
    for (const index of this.fieldIndexes.values()) index.remove(doc);
    for (const unique of this.uniques.values()) unique.remove(doc);
  }

  async put(doc: T): Promise<void> {
    if (typeof doc?._id !== 'string')
      throw new TypeError(`put into ${this.name}: _id must be a string`);
    this.store(frozenCopy(doc));
  }

  async update(
    id: string,
    changes: { $set?: Partial<T>; $unset?: Record<string, 1> },
    options: { upsert?: boolean } = {},
  ): Promise<void> {
    const current = this.docs.get(id);
    if (!current && !options.upsert) return;
    // A shallow copy: the stored document's nested values are frozen and shared, not copied again.
    const working = (current ? { ...current } : { _id: id }) as T;
    const modifier: Record<string, Record<string, unknown>> = {};
    const set = { ...(changes.$set ?? {}) } as Record<string, unknown>;
    if ('_id' in set) {
      if (set['_id'] !== id) throw new Error(`update of ${this.name}/${id}: _id cannot change`);
      delete set['_id'];
    }
    if (Object.keys(set).length > 0) modifier['$set'] = set;
    if (changes.$unset && Object.keys(changes.$unset).length > 0)
      modifier['$unset'] = changes.$unset;
    const topLevelOnly = Object.values(modifier).every((fields) =>
      Object.keys(fields).every((key) => !key.includes('.')),
    );
    if (topLevelOnly) {
      // the common projector write; mingo's updater (dotted paths) is far slower per call
      for (const [key, value] of Object.entries(modifier['$set'] ?? {})) {
        (working as Record<string, unknown>)[key] = value;
      }
      for (const key of Object.keys(modifier['$unset'] ?? {}))
        delete (working as Record<string, unknown>)[key];
    } else if (Object.keys(modifier).length > 0) {
      const deep = mutableCopy(working);
      applyUpdate(deep, modifier);
      this.store(frozenCopy(deep));
      return;
    }
    this.store(frozenCopy(working));
  }

  async delete(id: string): Promise<void> {
    const doc = this.docs.get(id);
    if (!doc) return;
    this.unindex(doc);
    this.docs.delete(id);
  }

  async deleteMany(filter: Filter): Promise<number> {
    const matches = this.matching(filter);
    for (const doc of matches) await this.delete(doc._id);
    return matches.length;
  }

  async ensureIndexes(indexes: IndexSpec[]): Promise<void> {
    for (const spec of indexes) {
      const fields = Object.keys(spec.keys);
      // As MongoDB uses a compound index: for its leading field. Its other fields (a date, a
      // stock count) would each cost a hash map entry per value on every write and serve no
      // query here; a replay wrote about 5% faster without them.
      const leading = fields[0];
      if (leading !== undefined && leading !== '_id' && !this.fieldIndexes.has(leading)) {
        const index = new FieldIndex(leading);
        for (const doc of this.docs.values()) index.add(doc);
        this.fieldIndexes.set(leading, index);
      }
      const name = indexName(spec);
      if (spec.unique && !this.uniques.has(name)) {
        const unique = new UniqueConstraint(fields);
        for (const doc of this.docs.values()) {
          const owner = unique.ownerOf(doc);
          if (owner !== undefined)
            throw new DuplicateKeyError(this.name, fields, unique.keyOf(doc));
          unique.add(doc);
        }
        this.uniques.set(name, unique);
      }
    }
    this.exists = true;
  }

  /** The documents in parts of at most `size`, for a snapshot (the stored, frozen documents). */
  *documentParts(size: number): Generator<T[]> {
    let part: T[] = [];
    for (const doc of this.docs.values()) {
      part.push(doc);
      if (part.length === size) {
        yield part;
        part = [];
      }
    }
    if (part.length > 0) yield part;
  }

  /** Documents read back from a snapshot, stored as a put would store them. */
  restoreDocuments(docs: T[], intern?: Interner): void {
    for (const doc of docs) this.store(frozenInPlace(doc, intern));
  }

  async drop(): Promise<void> {
    this.docs = new Map();
    this.fieldIndexes = new Map();
    this.uniques = new Map();
    this.exists = false;
  }
}

/** One part of a snapshot of the store: some documents of one collection. */
export interface MemoryReadModelsPart {
  collection: string;
  docs: Doc[];
}

/**
 * The embedded store, which can also be written to a snapshot and read back from one, so that a
 * restart need not rebuild it by replaying the whole log (see the platform's read-side snapshot).
 */
export interface MemoryReadModelStore extends ReadModelStore {
  /** Every collection's documents, in parts of at most `partSize` (an empty collection: one empty part). */
  snapshotParts(partSize: number): Generator<MemoryReadModelsPart>;
  /**
   * Adds a part read back from a snapshot; indexes declared later are built over it. `intern`
   * (see memory-copy's `interner`) lets the documents share their repeated texts.
   */
  restorePart(part: MemoryReadModelsPart, intern?: Interner): void;
}

export function createMemoryReadModelStore(): MemoryReadModelStore {
  const collections = new Map<string, MemoryCollection<Doc>>();
  const collection = (name: string) => {
    let found = collections.get(name);
    if (!found) collections.set(name, (found = new MemoryCollection<Doc>(name)));
    return found;
  };
  return {
    collection<T extends Doc = Doc>(name: string): ReadModelCollection<T> {
      return collection(name) as unknown as ReadModelCollection<T>;
    },
    async listCollections() {
      return [...collections.values()].filter((c) => c.exists).map((c) => c.name);
    },
    *snapshotParts(partSize: number) {
      for (const each of collections.values()) {
        if (!each.exists) continue;
        let empty = true;
        for (const docs of each.documentParts(partSize)) {
          empty = false;
          yield { collection: each.name, docs };
        }
        if (empty) yield { collection: each.name, docs: [] };
      }
    },
    restorePart(part: MemoryReadModelsPart, intern?: Interner) {
      const target = collection(part.collection);
      target.restoreDocuments(part.docs, intern);
      target.exists = true;
    },
    async close() {
      collections.clear();
    },
  };
}
