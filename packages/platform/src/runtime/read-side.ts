/**
 * `ReadSide` implementations: logical names ('listings') become physical collections and search
 * indexes of one generation ('listings__g3').
 *
 * - `LiveReadSide` (what query-api reads): every call resolves the live generation afresh and holds
 *   a lease on it for the call's duration, so a rebuild's switch is atomic for readers and an old
 *   generation is never dropped under a running read.
 * - `GenerationReadSide` (what a projector writes to): a fixed generation for the names the
 *   projector owns; names it does not own are read from their owner's live generation.
 */
import type {
  Doc,
  Filter,
  FindOptions,
  IndexSpec,
  ReadModelCollection,
  ReadModelStore,
  SearchEngine,
  SearchIndex,
  SearchQuery,
  SearchResult,
  SearchSettings,
} from '@rewear/ports';
import type { ReadSide } from '../projection.ts';
import type { GenerationDirectory } from './generations.ts';
import { physicalName } from './names.ts';

type Leased<X> = <R>(use: (target: X) => Promise<R>) => Promise<R>;

class LeasedCollection<T extends Doc> implements ReadModelCollection<T> {
  constructor(private readonly withTarget: Leased<ReadModelCollection<T>>) {}
  find(filter?: Filter, options?: FindOptions) {
    return this.withTarget((c) => c.find(filter, options));
  }
  findOne(filter: Filter, options?: Pick<FindOptions, 'readonly'>) {
    return this.withTarget((c) => c.findOne(filter, options));
  }
  count(filter?: Filter) {
    return this.withTarget((c) => c.count(filter));
  }
  aggregate<R = Doc>(pipeline: Record<string, unknown>[]) {
    return this.withTarget((c) => c.aggregate<R>(pipeline));
  }
  put(doc: T) {
    return this.withTarget((c) => c.put(doc));
  }
  update(
    id: string,
    update: { $set?: Partial<T>; $unset?: Record<string, 1> },
    options?: { upsert?: boolean },
  ) {
    return this.withTarget((c) => c.update(id, update, options));
  }
  delete(id: string) {
    return this.withTarget((c) => c.delete(id));
  }
  deleteMany(filter: Filter) {
    return this.withTarget((c) => c.deleteMany(filter));
  }
  ensureIndexes(indexes: IndexSpec[]) {
    return this.withTarget((c) => c.ensureIndexes(indexes));
  }
  drop() {
    return this.withTarget((c) => c.drop());
  }
}

class LeasedSearchIndex<T extends { id: string }> implements SearchIndex<T> {
  constructor(private readonly withTarget: Leased<SearchIndex<T>>) {}
  configure(settings: SearchSettings) {
    return this.withTarget((i) => i.configure(settings));
  }
  upsert(docs: T[]) {
    return this.withTarget((i) => i.upsert(docs));
  }
  remove(ids: string[]) {
    return this.withTarget((i) => i.remove(ids));
  }
  search(query: SearchQuery): Promise<SearchResult<T>> {
    return this.withTarget((i) => i.search(query));
  }
  clear() {
    return this.withTarget((i) => i.clear());
  }
  close() {
    return this.withTarget((i) => i.close());
  }
}

export class LiveReadSide implements ReadSide {
  private readonly collections = new Map<string, ReadModelCollection<Doc>>();
  private readonly indexes = new Map<string, SearchIndex<{ id: string }>>();

  constructor(
    private readonly directory: GenerationDirectory,
    private readonly readModels: ReadModelStore,
    private readonly search: SearchEngine,
  ) {}

  /** Runs `use` on the physical name the live generation gives `name`, holding a lease meanwhile. */
  private leased<X>(name: string, open: (physical: string) => X): Leased<X> {
    return async (use) => {
      const owner = this.directory.ownerOf(name);
      // A name no projector owns is not generational: it is its own physical name.
      if (!owner) return use(open(name));
      const lease = this.directory.lease(owner);
      try {
        return await use(open(physicalName(name, lease.generation)));
      } finally {
        lease.release();
      }
    };
  }

  collection<T extends Doc = Doc>(name: string): ReadModelCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new LeasedCollection<Doc>(
        this.leased(name, (physical) => this.readModels.collection<Doc>(physical)),
      );
      this.collections.set(name, collection);
    }
    return collection as unknown as ReadModelCollection<T>;
  }

  searchIndex<T extends { id: string } = { id: string } & Record<string, unknown>>(
    name: string,
  ): SearchIndex<T> {
    let index = this.indexes.get(name);
    if (!index) {
      index = new LeasedSearchIndex(
        this.leased(name, (physical) => this.search.index<{ id: string }>(physical)),
      );
      this.indexes.set(name, index);
    }
    return index as unknown as SearchIndex<T>;
  }
}

export class GenerationReadSide implements ReadSide {
  private readonly owned: Set<string>;
  /**
   * Handles of the owned names, whose physical names are fixed for this generation: a projector
   * asks for one with every event, and a physical name made anew each time is hashed anew.
   */
  private readonly collections = new Map<string, ReadModelCollection<Doc>>();
  private readonly indexes = new Map<string, SearchIndex<{ id: string }>>();

  constructor(
    readonly projector: string,
    ownedNames: readonly string[],
    readonly generation: number,
    private readonly readModels: ReadModelStore,
    private readonly search: SearchEngine,
    private readonly others: ReadSide,
  ) {
    this.owned = new Set(ownedNames);
  }

  collection<T extends Doc = Doc>(name: string): ReadModelCollection<T> {
    if (!this.owned.has(name)) return this.others.collection<T>(name);
    let collection = this.collections.get(name);
    if (!collection) {
      collection = this.readModels.collection<Doc>(physicalName(name, this.generation));
      this.collections.set(name, collection);
    }
    return collection as unknown as ReadModelCollection<T>;
  }

  searchIndex<T extends { id: string } = { id: string } & Record<string, unknown>>(
    name: string,
  ): SearchIndex<T> {
    if (!this.owned.has(name)) return this.others.searchIndex<T>(name);
    let index = this.indexes.get(name);
    if (!index) {
      index = this.search.index<{ id: string }>(physicalName(name, this.generation));
      this.indexes.set(name, index);
    }
    return index as unknown as SearchIndex<T>;
  }
}
