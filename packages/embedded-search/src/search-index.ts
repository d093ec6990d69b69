/**
 * The in-process search engine, with Meilisearch's semantics where the port needs them:
 * typo tolerance by word length (1 typo from 5 characters, 2 from 9; a typo on the first
 * character counts as 2; a transposition counts as 1), the last query word matched as a prefix,
 * every word must match, filters on filterable attributes (equality, any-of, numeric range),
 * facet counts over all matches, multi-field sort, relevance order otherwise. As Meilisearch,
 * it reads the first 10 query words only, and a query word also matches as two adjacent words
 * ("northface", "crewneck": its split into two indexed words, counted as one typo), and 2 or 3
 * adjacent query words as one ("wind breaker": "windbreaker", one typo fewer allowed per
 * word joined).
 *
 * Chosen by measurement over MiniSearch + array scans (bench/search-engine.ts):
 * - text: an inverted index over the term dictionary; query words expand to dictionary terms by
 *   a bounded edit distance (the dictionary of titles, brands and categories is small, and the
 *   first-character rule lets a 1-typo word scan only the terms sharing its first letter);
 * - filters and facets: documents are small integers; each attribute keeps a column of value
 *   numbers and each common value a bitset, so a filter is word-wise AND/OR and a facet count is
 *   a walk over the matches or, for large match sets, a bitset intersection per value;
 * - sort: typed columns (numbers, and strings as a numeric 7-character prefix key with the full
 *   string as a tie-break), and a bounded heap for the requested page.
 * An upsert or removal re-indexes only the documents it names.
 */
import type { SearchIndex, SearchQuery, SearchResult, SearchSettings } from '@rewear/ports';
import { frozenCopy, frozenInPlace, type Interner } from '@rewear/memory-copy';
import { ORDERED_AHEAD, keepRecent, type Ordering } from './answers.ts';
import { Bitset, enumerate, growInt32, popcount, roomy } from './bitset.ts';
import { FilterColumn, compileFilter, filterColumnOf, type CompiledFilter } from './filters.ts';
import { Postings } from './postings.ts';
import { byPosition, keySorted, positionsOf, walk, type Presorted } from './presorted-orders.ts';
import type { SearchIndexPart } from './snapshot.ts';
import { SortColumn, comparatorOf, rankColumn, topK, type Comparator } from './sort-columns.ts';
import { MAX_QUERY_WORDS, normalize, tokenize, tokenizeInto } from './text.ts';
import { boundedDistance, typoBudget } from './typos.ts';
import { sameValue, valuesOf } from './values.ts';

/** Query words joined into one: 2 or 3 adjacent ones (Meilisearch's ngrams). */
const MAX_NGRAM = 3;
/** A split's two words are looked for side by side up front when one of them is this rare. */
const ADJACENCY_CHECKS = 2_000;

interface Expansion {
  term: number;
  /** Typos counted the Meilisearch way. */
  typos: number;
  exact: boolean;
}

/** One way to match a run of `length` query words (see EmbeddedSearchIndex.derivations). */
interface Derivation {
  length: number;
  /** The run joined into one word (length 2 and 3): the terms it stands for. */
  expansions: Expansion[];
  /** The run (or its single word) as two adjacent indexed words (term ids). */
  split: [number, number] | null;
}

/** Relevance weights: typos first, then the attribute rank, then exact over prefix matches. */
const TYPO_WEIGHT = 1 << 16;
const RANK_WEIGHT = 1 << 5;

function sameSettings(a: SearchSettings, b: SearchSettings): boolean {
  return (
    sameValue(a.searchable, b.searchable) &&
    sameValue(a.filterable, b.filterable) &&
    sameValue(a.sortable, b.sortable)
  );
}

export class EmbeddedSearchIndex<T extends { id: string }> implements SearchIndex<T> {
  private settings: SearchSettings = { searchable: ['*'], filterable: [], sortable: [] };
  private capacity = 1024;
  private docs: Array<T | undefined> = [];
  private readonly numbers = new Map<string, number>();
  private freeNumbers: number[] = [];
  private alive = new Bitset(this.capacity);
  private aliveCount = 0;

  private terms = new Map<string, number>();
  private termTexts: string[] = [];
  private postings: Postings[] = [];
  private termsByFirstChar = new Map<string, number[]>();
  private sortedTerms: string[] | null = null;
  /** Per term: the last `index` call that saw it (dedupes a document's terms without a Map). */
  private termStamps = new Int32Array(1024);
  private indexStamp = 0;
  private readonly words: string[] = [];
  private termIdsByText = new Map<string, readonly number[]>();
  private expansions = new Map<string, Expansion[]>();

  private filterColumns = new Map<string, FilterColumn>();
  private sortColumns = new Map<string, SortColumn>();

  /**
   * Answers by query, emptied by every write: a storefront asks the same catalogue pages over
   * and over between two changes to the index. Answers are frozen (hits are the stored,
   * frozen documents), so one can be handed out many times.
   */
  private readonly answers = new Map<string, SearchResult<T>>();
  /** Orderings by query without its page (see search), emptied with the answers. */
  private readonly orderings = new Map<string, Ordering>();

  // per-query scratch, reused
  private scratchWords = new Uint32Array(0);
  private scratchUnion = new Uint32Array(0);
  private scratchList = new Int32Array(0);
  private stamps = new Int32Array(this.capacity);
  private wordScores = new Int32Array(this.capacity);
  private totals = new Int32Array(this.capacity);
  private epoch = 0;
  /** Per document number: bumped whenever its text entries go stale (see Postings). */
  private versions = new Int32Array(this.capacity);

  constructor(readonly name: string) {}

  async configure(settings: SearchSettings): Promise<void> {
    // Every boot configures its indexes: one restored from a snapshot is not built again.
    if (sameSettings(this.settings, settings)) return;
    this.answers.clear();
    this.orderings.clear();
    this.settings = {
      searchable: [...settings.searchable],
      filterable: [...settings.filterable],
      sortable: [...settings.sortable],
    };
    this.rebuild();
  }

  async upsert(docs: T[]): Promise<void> {
    this.answers.clear();
    this.orderings.clear();
    for (const doc of docs) {
      if (typeof doc?.id !== 'string' || doc.id.length === 0)
        throw new TypeError(`${this.name}: every document needs a string id`);
      const stored = frozenCopy(doc);
      let number = this.numbers.get(doc.id);
      if (number === undefined) {
        number = this.freeNumbers.pop() ?? this.docs.length;
        if (number >= this.capacity) this.grow(Math.max(this.capacity * 2, number + 1));
        this.numbers.set(doc.id, number);
        this.alive.set(number);
        this.aliveCount++;
      } else if (this.sameText(this.docs[number]!, stored)) {
        // Stock, likes or price changed: the text entries stay, and only the columns whose
        // value changed are redone.
        this.reindexColumns(number, this.docs[number]!, stored);
        this.docs[number] = stored;
        this.orderChanged(number);
        continue;
      } else this.unindex(number);
      this.docs[number] = stored;
      this.index(number, stored);
      this.orderChanged(number);
    }
    // A bulk load (a boot's catch-up) leaves the posting lists with up to twice the room they use.
    if (docs.length >= 10_000) for (const postings of this.postings) postings.trim();
  }

  async remove(ids: string[]): Promise<void> {
    this.answers.clear();
    this.orderings.clear();
    for (const id of ids) {
      const number = this.numbers.get(id);
      if (number === undefined) continue;
      this.unindex(number);
      this.orderChanged(number);
      this.docs[number] = undefined;
      this.numbers.delete(id);
      this.alive.clear(number);
      this.aliveCount--;
      this.freeNumbers.push(number);
    }
  }

  async clear(): Promise<void> {
    this.answers.clear();
    this.orderings.clear();
    this.docs = [];
    this.numbers.clear();
    this.rebuild();
  }

  async close(): Promise<void> {}

  async search(query: SearchQuery): Promise<SearchResult<T>> {
    const key = JSON.stringify(query);
    const known = this.answers.get(key);
    if (known) {
      keepRecent(this.answers, key, known);
      return known;
    }
    const { offset: from = 0, limit: size = 20, ...unpaged } = query;
    const offset = Math.max(0, from);
    const wanted = offset + Math.max(0, size);
    // The next pages of a listing come from the same ordering: it is kept past this page.
    const orderKey = JSON.stringify(unpaged);
    let ordering = this.orderings.get(orderKey);
    if (
      !ordering ||
      (ordering.numbers.length < wanted && ordering.numbers.length < ordering.total)
    ) {
      ordering = this.order(unpaged, wanted === 0 ? 0 : Math.max(wanted, ORDERED_AHEAD));
      keepRecent(this.orderings, orderKey, ordering);
    }
    const hits: T[] = [];
    for (let i = offset; i < Math.min(wanted, ordering.numbers.length); i++)
      hits.push(this.docs[ordering.numbers[i]!]!);
    const answer = Object.freeze({
      hits: Object.freeze(hits),
      total: ordering.total,
      facets: ordering.facets,
    });
    keepRecent(this.answers, key, answer);
    return answer;
  }

  /** The first `count` matches of an unpaged query in its order, their total and its facets. */
  private order(query: SearchQuery, count: number): Ordering {
    const all = tokenize(query.q ?? '');
    const words = all.slice(0, MAX_QUERY_WORDS);
    // a word cut off after the tenth is followed by another: the tenth is no prefix
    const lastIsPrefix = all.length <= MAX_QUERY_WORDS && !/\s$/.test(query.q ?? '');

    let matches: Int32Array | null = null;
    let matchBits: Uint32Array | null = null;
    let length: number;
    const filter = query.filter ? compileFilter(query.filter, this.filterColumns, this.name) : null;
    if (words.length > 0) {
      const found = this.textMatches(words, lastIsPrefix);
      matches = found.matches;
      length = found.length;
      if (filter) {
        let kept = 0;
        for (let i = 0; i < length; i++)
          if (filter.test(matches[i]!)) matches[kept++] = matches[i]!;
        length = kept;
      }
    } else {
      ({ bits: matchBits, length } = this.filterBits(filter));
    }
    const matchList = () => {
      this.scratchList = roomy(this.scratchList, length);
      return (matches ??= enumerate(matchBits!, length, this.scratchList));
    };
    const toBits = () => {
      if (!matchBits) {
        const list = matchList();
        const size = this.alive.words.length;
        matchBits = (this.scratchWords = roomy(this.scratchWords, size)).subarray(0, size);
        matchBits.fill(0);
        for (let i = 0; i < length; i++) matchBits[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
      }
      return matchBits;
    };

    const facets: Record<string, Record<string, number>> = {};
    for (const attribute of query.facets ?? []) {
      const column = this.filterColumn(attribute, 'facet on');
      const counts = column.count(matchList, length, toBits);
      const distribution: Record<string, number> = {};
      for (let id = 0; id < counts.length; id++)
        if (counts[id]! > 0) distribution[column.labels[id]!] = counts[id]!;
      facets[attribute] = Object.freeze(distribution);
    }

    const sort = query.sort ?? [];
    const compare = comparatorOf(sort, words.length > 0, this.sortColumns, this.totals, this.name);
    let page: Int32Array;
    const wanted = Math.min(count, length);
    if (wanted === 0) page = new Int32Array(0);
    else if (compare && words.length === 0) {
      // Without text the order is the presorted one: a walk down it visits about
      // wanted × alive / matches documents (one bit test each); for few matches, sorting their
      // positions in it (plain integers, no comparator) is cheaper.
      const key = sort.map(({ field, order }) => `${field}:${order}`).join(',');
      const presorted = this.presorted(key, sort, compare);
      page =
        wanted * (this.aliveCount / length) < length * (Math.log2(length) + 4)
          ? walk(presorted.order, toBits(), 0, count)
          : byPosition(presorted, matchList(), length, wanted);
    } else {
      const list = matchList();
      page = compare ? topK(list, length, wanted, compare) : list.subarray(0, wanted);
    }
    // a copy on the JavaScript heap: the page may be a view of per-query scratch
    return { numbers: Array.from(page), total: length, facets: Object.freeze(facets) };
  }

  // ------------------------------------------------------------ snapshots

  /**
   * The index as parts of at most about `partSize` entries, for a snapshot: what a restore needs
   * to answer as this index does without indexing a document again. Views of the live arrays:
   * each part is to be written before the index changes (the generator is run to its end
   * synchronously). Caches and scratch space are left out.
   */
  *snapshotParts(partSize: number): Generator<SearchIndexPart> {
    yield {
      kind: 'head',
      settings: this.settings,
      capacity: this.capacity,
      alive: this.alive.words,
      aliveCount: this.aliveCount,
      freeNumbers: this.freeNumbers,
      termTexts: this.termTexts,
      versions: this.versions,
    };
    for (let from = 0; from < this.docs.length; from += partSize)
      yield { kind: 'docs', from, docs: this.docs.slice(from, from + partSize) };
    for (let from = 0; from < this.postings.length; from += partSize) {
      const lists = this.postings.slice(from, from + partSize).map((postings) => ({
        docs: postings.docs.subarray(0, postings.length),
        ranks: postings.ranks.subarray(0, postings.length),
        versions: postings.versions.subarray(0, postings.length),
        stale: postings.stale,
      }));
      yield { kind: 'postings', from, lists };
    }
    for (const [attribute, column] of this.filterColumns)
      yield { kind: 'filter', attribute, column: column.state() };
    for (const [attribute, column] of this.sortColumns)
      yield { kind: 'sort', attribute, column: column.state() };
  }

  /**
   * Adds a part read back from a snapshot; the `head` part first, then the rest in any order.
   * `intern` lets the documents share their repeated texts (see memory-copy's `frozenInPlace`).
   */
  restorePart(part: SearchIndexPart, intern?: Interner): void {
    this.answers.clear();
    this.orderings.clear();
    this.orders.clear();
    this.columnRanks.clear();
    switch (part.kind) {
      case 'head': {
        this.settings = part.settings;
        this.capacity = part.capacity;
        this.alive = new Bitset(0);
        this.alive.words = new Uint32Array(part.alive);
        this.aliveCount = part.aliveCount;
        this.freeNumbers = [...part.freeNumbers];
        this.termTexts = [...part.termTexts];
        this.terms = new Map();
        this.termsByFirstChar = new Map();
        this.termTexts.forEach((text, id) => {
          this.terms.set(text, id);
          const first = text[0]!;
          let bucket = this.termsByFirstChar.get(first);
          if (!bucket) this.termsByFirstChar.set(first, (bucket = []));
          bucket.push(id);
        });
        this.termStamps = new Int32Array(Math.max(1024, this.termTexts.length));
        this.indexStamp = 0;
        this.sortedTerms = null;
        this.termIdsByText = new Map();
        this.expansions = new Map();
        this.postings = [];
        this.docs = [];
        this.numbers.clear();
        this.filterColumns = new Map();
        this.sortColumns = new Map();
        this.versions = growInt32(part.versions, this.capacity, 0);
        this.stamps = new Int32Array(this.capacity);
        this.wordScores = new Int32Array(this.capacity);
        this.totals = new Int32Array(this.capacity);
        this.epoch = 0;
        return;
      }
      case 'docs':
        part.docs.forEach((doc, i) => {
          if (doc === undefined || doc === null) return;
          const stored = frozenInPlace(doc, intern) as T;
          this.docs[part.from + i] = stored;
          this.numbers.set(stored.id, part.from + i);
        });
        return;
      case 'postings':
        part.lists.forEach((list, i) => {
          const postings = new Postings();
          postings.docs = new Int32Array(list.docs);
          postings.ranks = new Uint8Array(list.ranks);
          postings.versions = new Int32Array(list.versions);
          postings.length = list.docs.length;
          postings.stale = list.stale;
          this.postings[part.from + i] = postings;
        });
        return;
      case 'filter':
        this.filterColumns.set(part.attribute, FilterColumn.fromState(part.column));
        return;
      case 'sort':
        this.sortColumns.set(part.attribute, SortColumn.fromState(part.column));
        return;
    }
  }

  // ------------------------------------------------------------ indexing

  private grow(capacity: number): void {
    this.capacity = capacity;
    this.alive.grow(capacity);
    for (const column of this.filterColumns.values()) column.grow(capacity);
    for (const column of this.sortColumns.values()) column.grow(capacity);
    this.stamps = growInt32(this.stamps, capacity, 0);
    this.versions = growInt32(this.versions, capacity, 0);
    this.wordScores = new Int32Array(capacity);
    this.totals = new Int32Array(capacity);
  }

  private rebuild(): void {
    this.orders.clear();
    this.columnRanks.clear();
    const docs = this.docs.filter((doc): doc is T => doc !== undefined);
    this.docs = [];
    this.numbers.clear();
    this.freeNumbers = [];
    this.capacity = Math.max(1024, docs.length);
    this.alive = new Bitset(this.capacity);
    this.aliveCount = 0;
    this.terms = new Map();
    this.termIdsByText = new Map();
    this.termTexts = [];
    this.postings = [];
    this.termsByFirstChar = new Map();
    this.sortedTerms = null;
    this.expansions = new Map();
    this.filterColumns = new Map(
      this.settings.filterable.map((name) => [name, new FilterColumn(this.capacity)]),
    );
    this.sortColumns = new Map(
      this.settings.sortable.map((name) => [name, new SortColumn(this.capacity)]),
    );
    this.stamps = new Int32Array(this.capacity);
    this.versions = new Int32Array(this.capacity);
    this.wordScores = new Int32Array(this.capacity);
    this.totals = new Int32Array(this.capacity);
    this.epoch = 0;
    docs.forEach((doc, number) => {
      this.docs[number] = doc;
      this.numbers.set(doc.id, number);
      this.alive.set(number);
      this.aliveCount++;
      this.index(number, doc);
    });
  }

  /** The searchable fields, in rank order (all but `id` when every field is searchable). */
  private searchableFields(doc: T): readonly string[] {
    return this.settings.searchable.includes('*')
      ? Object.keys(doc).filter((key) => key !== 'id')
      : this.settings.searchable;
  }

  /**
   * The term ids of one attribute value. Brands, categories and stock phrases repeat across a
   * catalogue: their words are looked up once, not once per document.
   */
  private termIdsOf(text: string): readonly number[] {
    const known = this.termIdsByText.get(text);
    if (known) return known;
    const words = this.words;
    words.length = 0;
    tokenizeInto(text, words);
    const ids = words.map((word) => this.termId(word));
    if (this.termIdsByText.size >= 20_000) this.termIdsByText.clear();
    this.termIdsByText.set(text, ids);
    return ids;
  }

  private termId(text: string): number {
    let id = this.terms.get(text);
    if (id === undefined) {
      id = this.termTexts.length;
      if (id >= this.termStamps.length)
        this.termStamps = growInt32(this.termStamps, this.termStamps.length * 2, 0);
      this.terms.set(text, id);
      this.termTexts.push(text);
      this.postings.push(new Postings());
      const first = text[0]!;
      let bucket = this.termsByFirstChar.get(first);
      if (!bucket) this.termsByFirstChar.set(first, (bucket = []));
      bucket.push(id);
      this.sortedTerms = null;
      this.expansions.clear();
    }
    return id;
  }

  /**
   * A document's distinct term ids, and into `ranks` (when given) the rank of the best attribute
   * each appears in: attributes come in rank order, so a term's first occurrence is its best.
   */
  private termsOfDoc(doc: T, ranks: number[] | null): number[] {
    const stamp = ++this.indexStamp;
    const ids: number[] = [];
    const record = doc as unknown as Record<string, unknown>;
    const fields = this.searchableFields(doc);
    const termsOf = (item: unknown, rank: number) => {
      if (typeof item !== 'string' && typeof item !== 'number') return;
      for (const id of this.termIdsOf(String(item))) {
        if (this.termStamps[id] === stamp) continue;
        this.termStamps[id] = stamp;
        ids.push(id);
        ranks?.push(rank);
      }
    };
    for (let f = 0; f < fields.length; f++) {
      const value = record[fields[f]!];
      const rank = Math.min(f, 31);
      if (Array.isArray(value)) for (const item of valuesOf(value)) termsOf(item, rank);
      else termsOf(value, rank);
    }
    return ids;
  }

  private index(number: number, doc: T): void {
    const ranks: number[] = [];
    const ids = this.termsOfDoc(doc, ranks);
    const version = this.versions[number]!;
    for (let i = 0; i < ids.length; i++) this.postings[ids[i]!]!.add(number, ranks[i]!, version);
    this.indexColumns(number, doc);
  }

  private indexColumns(number: number, doc: T): void {
    const record = doc as unknown as Record<string, unknown>;
    for (const [name, column] of this.filterColumns) column.add(number, record[name]);
    for (const [name, column] of this.sortColumns) column.set(number, record[name]);
  }

  private reindexColumns(number: number, before: T, after: T): void {
    const a = before as unknown as Record<string, unknown>;
    const b = after as unknown as Record<string, unknown>;
    for (const [name, column] of this.filterColumns) {
      if (sameValue(a[name], b[name])) continue;
      column.remove(number);
      column.add(number, b[name]);
    }
    for (const [name, column] of this.sortColumns) {
      if (!sameValue(a[name], b[name])) column.set(number, b[name]);
    }
  }

  private unindexColumns(number: number): void {
    for (const column of this.filterColumns.values()) column.remove(number);
    for (const column of this.sortColumns.values()) column.remove(number);
  }

  /**
   * Marks a document's text entries stale, its terms found again from the document (still
   * stored): kept per document, they cost a list per document for the rare re-index or removal.
   */
  private unindex(number: number): void {
    this.versions[number]!++;
    const doc = this.docs[number];
    if (doc) for (const id of this.termsOfDoc(doc, null)) this.postings[id]!.staled(this.versions);
    this.unindexColumns(number);
  }

  /** Whether two versions of a document have the same searchable values (so the same text entries). */
  private sameText(before: T, after: T): boolean {
    const a = before as unknown as Record<string, unknown>;
    const b = after as unknown as Record<string, unknown>;
    const keys = this.settings.searchable.includes('*')
      ? [...new Set([...Object.keys(a), ...Object.keys(b)])]
      : this.settings.searchable;
    if (this.settings.searchable.includes('*') && Object.keys(a).join() !== Object.keys(b).join())
      return false;
    for (const key of keys) if (!sameValue(a[key], b[key])) return false;
    return true;
  }

  // ------------------------------------------------------------ text

  /** Dictionary terms a query word stands for, with their typo counts. Cached until the dictionary grows. */
  private expand(word: string, prefix: boolean, budget = typoBudget(word)): Expansion[] {
    const cacheKey = `${prefix ? 'p' : 'w'}${budget}:${word}`;
    const cached = this.expansions.get(cacheKey);
    if (cached) return cached;
    const found: Expansion[] = [];
    if (budget === 0) {
      if (prefix) {
        const sorted = (this.sortedTerms ??= [...this.termTexts].sort());
        let low = 0;
        let high = sorted.length;
        while (low < high) {
          const mid = (low + high) >> 1;
          if (sorted[mid]! < word) low = mid + 1;
          else high = mid;
        }
        for (let i = low; i < sorted.length && sorted[i]!.startsWith(word); i++) {
          found.push({ term: this.terms.get(sorted[i]!)!, typos: 0, exact: sorted[i] === word });
        }
      } else {
        const id = this.terms.get(word);
        if (id !== undefined) found.push({ term: id, typos: 0, exact: true });
      }
    } else {
      for (const [first, bucket] of this.termsByFirstChar) {
        // a typo on the first character counts as two
        const firstCost = first === word[0] ? 0 : 1;
        const allowed = budget - firstCost * 2;
        if (allowed < 0) continue;
        for (const id of bucket) {
          const text = this.termTexts[id]!;
          const distance = boundedDistance(word, text, budget, prefix);
          const typos = distance + firstCost;
          if (distance <= budget && typos <= budget) {
            found.push({ term: id, typos, exact: text === word });
          }
        }
      }
    }
    if (this.expansions.size > 5_000) this.expansions.clear();
    this.expansions.set(cacheKey, found);
    return found;
  }

  /**
   * The split of `word` into two indexed words, as Meilisearch picks it: the one whose rarer
   * half is most frequent. Null when no split has both halves in the dictionary.
   */
  private split(word: string): [number, number] | null {
    let best: [number, number] | null = null;
    let bestFrequency = 0;
    for (let i = 1; i < word.length; i++) {
      const left = this.terms.get(word.slice(0, i));
      const right = left === undefined ? undefined : this.terms.get(word.slice(i));
      if (left === undefined || right === undefined) continue;
      const frequency = Math.min(this.postings[left]!.length, this.postings[right]!.length);
      if (frequency > bestFrequency) {
        best = [left, right];
        bestFrequency = frequency;
      }
    }
    return best;
  }

  /**
   * What each run of query words can match besides each word alone (Meilisearch's query graph):
   * a word split into two adjacent indexed words, and 2 or 3 adjacent words joined into one
   * (with one typo fewer allowed per word joined, as a prefix when the run ends the query).
   * Null when the dictionary has none of them, as for almost every query.
   */
  private derivations(words: string[], lastIsPrefix: boolean): Derivation[][] | null {
    const nodes: Derivation[][] = [];
    let any = false;
    for (let i = 0; i < words.length; i++) {
      const row: Derivation[] = [];
      for (let k = 1; k <= MAX_NGRAM && i + k <= words.length; k++) {
        const joined = k === 1 ? words[i]! : words.slice(i, i + k).join('');
        const prefix = lastIsPrefix && i + k === words.length;
        const expansions =
          k === 1 ? [] : this.expand(joined, prefix, Math.max(0, typoBudget(joined) - (k - 1)));
        // a split that gives back the words joined is no derivation of its own, and one whose
        // words are never side by side matches nothing
        let split = this.split(joined);
        if (split && k === 2 && this.termTexts[split[0]] === words[i]) split = null;
        if (split && !this.mayBeAdjacent(split[0], split[1])) split = null;
        if (expansions.length > 0 || split) any = true;
        row.push({ length: k, expansions, split });
      }
      nodes.push(row);
    }
    return any ? nodes : null;
  }

  /**
   * Whether some document may hold term `left` immediately followed by term `right`: false
   * only when none of the documents holding both does (checked when they are few), so a split
   * whose words never meet leaves the query on the plain path.
   */
  private mayBeAdjacent(left: number, right: number): boolean {
    const a = this.postings[left]!;
    const b = this.postings[right]!;
    if (Math.min(a.length, b.length) > ADJACENCY_CHECKS) return true;
    return this.adjacentPair(left, right, null, true).size > 0;
  }

  /**
   * Documents holding term `left` immediately followed by term `right` in one value, with the
   * rank of the first attribute that has them: of those `among` holds, when given; the first
   * one found only, with `firstOnly` (whether there is any).
   */
  private adjacentPair(
    left: number,
    right: number,
    among: Map<number, number> | null,
    firstOnly = false,
  ): Map<number, number> {
    const found = new Map<number, number>();
    const a = this.postings[left]!;
    const b = this.postings[right]!;
    const { stamps, versions } = this;
    const epoch = ++this.epoch;
    for (let p = 0; p < b.length; p++)
      if (b.versions[p] === versions[b.docs[p]!]) stamps[b.docs[p]!] = epoch;
    // The two words with separators only between them, on the text as tokenize reads it.
    const pair = new RegExp(
      `(?:^|[^\\p{L}\\p{N}])${this.termTexts[left]}[^\\p{L}\\p{N}]+${this.termTexts[right]}(?:[^\\p{L}\\p{N}]|$)`,
      'u',
    );
    for (let p = 0; p < a.length; p++) {
      const doc = a.docs[p]!;
      if (a.versions[p] !== versions[doc] || stamps[doc] !== epoch) continue;
      if (among !== null && !among.has(doc)) continue;
      const record = this.docs[doc] as unknown as Record<string, unknown>;
      const fields = this.searchableFields(this.docs[doc]!);
      search: for (let f = 0; f < fields.length; f++) {
        const value = record[fields[f]!];
        for (const item of Array.isArray(value) ? valuesOf(value) : [value]) {
          if (typeof item !== 'string' && typeof item !== 'number') continue;
          if (pair.test(normalize(String(item)))) {
            found.set(doc, Math.min(f, 31));
            if (firstOnly) return found;
            break search;
          }
        }
      }
    }
    return found;
  }

  /** Documents one derivation matches (of those `among` holds, when given), with their score. */
  private derivationScores(
    derivation: Derivation,
    single: Expansion[],
    among: Map<number, number> | null,
  ): Map<number, number> {
    const scores = new Map<number, number>();
    const { versions } = this;
    for (const { term, typos, exact } of derivation.length === 1 ? single : derivation.expansions) {
      const postings = this.postings[term]!;
      const base = typos * TYPO_WEIGHT + (exact ? 0 : 1);
      for (let p = 0; p < postings.length; p++) {
        const doc = postings.docs[p]!;
        if (postings.versions[p] !== versions[doc]) continue;
        if (among !== null && !among.has(doc)) continue;
        const score = base + postings.ranks[p]! * RANK_WEIGHT;
        const known = scores.get(doc);
        if (known === undefined || score < known) scores.set(doc, score);
      }
    }
    if (derivation.split) {
      // a split counts as one typo
      const [left, right] = derivation.split;
      for (const [doc, rank] of this.adjacentPair(left, right, among)) {
        const score = TYPO_WEIGHT + rank * RANK_WEIGHT;
        const known = scores.get(doc);
        if (known === undefined || score < known) scores.set(doc, score);
      }
    }
    return scores;
  }

  /**
   * textMatches over the derivations: a document matches when some way of covering the query
   * words, each run by one derivation, has every derivation in it; its score is the best such
   * cover's. Only queries with a derivation come here.
   */
  private derivedMatches(
    words: string[],
    lastIsPrefix: boolean,
    nodes: Derivation[][],
  ): { matches: Int32Array; length: number } {
    // best[i]: documents matching words i.. (null: every document, no words left)
    const best: Array<Map<number, number> | null> = new Array(words.length + 1).fill(null);
    for (let i = words.length - 1; i >= 0; i--) {
      const here = new Map<number, number>();
      const single = this.expand(words[i]!, lastIsPrefix && i === words.length - 1);
      for (const derivation of nodes[i]!) {
        const rest = best[i + derivation.length]!;
        if (rest !== null && rest.size === 0) continue;
        for (const [doc, score] of this.derivationScores(derivation, single, rest)) {
          const after = rest === null ? 0 : rest.get(doc);
          if (after === undefined) continue;
          const known = here.get(doc);
          if (known === undefined || score + after < known) here.set(doc, score + after);
        }
      }
      best[i] = here;
    }
    const found = best[0]!;
    const matches = new Int32Array(found.size);
    let length = 0;
    for (const [doc, score] of found) {
      matches[length++] = doc;
      this.totals[doc] = score;
    }
    return { matches, length };
  }

  /** Documents matching every word, each with its relevance score in `totals` (lower is better). */
  private textMatches(
    words: string[],
    lastIsPrefix: boolean,
  ): { matches: Int32Array; length: number } {
    const derived = this.derivations(words, lastIsPrefix);
    if (derived) return this.derivedMatches(words, lastIsPrefix, derived);
    const expansions = words.map((word, i) =>
      this.expand(word, lastIsPrefix && i === words.length - 1),
    );
    // the rarest word first keeps the candidate list short
    const order = expansions
      .map((terms, i) => ({
        terms,
        size: terms.reduce((sum, e) => sum + this.postings[e.term]!.length, 0),
        i,
      }))
      .sort((a, b) => a.size - b.size);
    const { stamps, wordScores, totals, versions } = this;
    let candidates: Int32Array<ArrayBuffer> | null = null;
    let length = 0;
    for (const { terms } of order) {
      const epoch = ++this.epoch;
      const seen: number[] | null = candidates ? null : [];
      for (const { term, typos, exact } of terms) {
        const postings = this.postings[term]!;
        const base = typos * TYPO_WEIGHT + (exact ? 0 : 1);
        const { docs, ranks } = postings;
        const entryVersions = postings.versions;
        for (let p = 0; p < postings.length; p++) {
          const doc = docs[p]!;
          if (entryVersions[p] !== versions[doc]) continue;
          const score = base + ranks[p]! * RANK_WEIGHT;
          if (stamps[doc] !== epoch) {
            stamps[doc] = epoch;
            wordScores[doc] = score;
            seen?.push(doc);
          } else if (score < wordScores[doc]!) wordScores[doc] = score;
        }
      }
      if (!candidates) {
        candidates = Int32Array.from(seen!);
        length = candidates.length;
        for (let i = 0; i < length; i++) totals[candidates[i]!] = wordScores[candidates[i]!]!;
      } else {
        let kept = 0;
        for (let i = 0; i < length; i++) {
          const doc = candidates[i]!;
          if (stamps[doc] === epoch) {
            totals[doc]! += wordScores[doc]!;
            candidates[kept++] = doc;
          }
        }
        length = kept;
      }
      if (length === 0) break;
    }
    return { matches: candidates ?? new Int32Array(0), length };
  }

  // ------------------------------------------------------------ filters, facets, sort

  private filterColumn(attribute: string, use: string): FilterColumn {
    return filterColumnOf(this.filterColumns, attribute, use, this.name);
  }

  /**
   * Without text: AND of (OR of value bitsets) word by word, then the numeric ranges. The
   * answer is the index's scratch bitset, valid until the next query.
   */
  private filterBits(filter: CompiledFilter | null): {
    bits: Uint32Array;
    length: number;
  } {
    const size = this.alive.words.length;
    const words = (this.scratchWords = roomy(this.scratchWords, size)).subarray(0, size);
    // Value sets hold live documents only: the first set is the starting point, the others narrow it.
    let started = false;
    for (const { column, ids } of filter?.sets ?? []) {
      const dense = ids.length === 1 ? column.denseWords(ids[0]!) : undefined;
      if (!started) {
        if (dense) words.set(dense.subarray(0, size));
        else {
          words.fill(0);
          for (const id of ids) column.orInto(id, words);
        }
        started = true;
        continue;
      }
      let other: Uint32Array;
      if (dense) other = dense;
      else {
        other = (this.scratchUnion = roomy(this.scratchUnion, size)).subarray(0, size);
        other.fill(0);
        for (const id of ids) column.orInto(id, other);
      }
      for (let w = 0; w < size; w++) words[w]! &= other[w] ?? 0;
    }
    if (!started) words.set(this.alive.words);
    const ranges = filter?.ranges ?? [];
    let length = 0;
    for (let w = 0; w < size; w++) {
      let word = words[w]!;
      if (word === 0) continue;
      if (ranges.length > 0) {
        let kept = word;
        while (word !== 0) {
          const bit = 31 - Math.clz32(word & -word);
          word &= word - 1;
          const doc = (w << 5) | bit;
          if (!ranges.every((range) => range(doc))) kept &= ~(1 << bit);
        }
        words[w] = kept;
        word = kept;
      }
      length += popcount(word);
    }
    return { bits: words, length };
  }

  // ------------------------------------------------------------ presorted orders

  /**
   * Every live document in the order of one sort, kept per sort asked for: a page of a large
   * match set is then a walk down the order, testing each document against the match bitset,
   * which for a catalogue page (even page 100) touches far fewer documents than sorting the
   * matches. Documents written since the order was built are merged back in at the next use.
   */
  private orders = new Map<string, Presorted & { changed: Set<number>; rebuild: boolean }>();

  private orderChanged(number: number): void {
    this.columnRanks.clear();
    for (const entry of this.orders.values()) {
      if (entry.rebuild) continue;
      entry.changed.add(number);
      if (entry.changed.size > 4096) {
        entry.rebuild = true;
        entry.changed.clear();
      }
    }
  }

  private presorted(
    key: string,
    sort: NonNullable<SearchQuery['sort']>,
    compare: Comparator,
  ): Presorted {
    let entry = this.orders.get(key);
    if (!entry || entry.rebuild) {
      const order = keySorted(sort, this.alive.words, this.aliveCount, (field, docs) =>
        this.ranksOf(this.sortColumns.get(field)!, docs),
      );
      entry = {
        order,
        positions: positionsOf(order, this.capacity),
        changed: new Set(),
        rebuild: false,
      };
      this.orders.set(key, entry);
      return entry;
    }
    if (entry.changed.size === 0) return entry;
    // Drop the changed documents, then merge them back (those still alive) in order.
    const changed = entry.changed;
    const kept = entry.order.filter((doc) => !changed.has(doc));
    const back = Int32Array.from([...changed].filter((doc) => this.alive.has(doc))).sort(compare);
    const order = new Int32Array(kept.length + back.length);
    let i = 0;
    let j = 0;
    let n = 0;
    while (i < kept.length || j < back.length) {
      if (j >= back.length || (i < kept.length && compare(kept[i]!, back[j]!) <= 0))
        order[n++] = kept[i++]!;
      else order[n++] = back[j++]!;
    }
    entry.order = order;
    entry.positions = positionsOf(order, this.capacity);
    changed.clear();
    return entry;
  }

  /**
   * Ranks of one sort column, ascending, kept until the next write: the storefront's sorts
   * share their tie-break (the title), so building their orders one after another ranks it once.
   */
  private columnRanks = new Map<SortColumn, { ranks: Int32Array; count: number }>();

  /** Each live document's rank in one sort column, kept until the next write (see rankColumn). */
  private ranksOf(column: SortColumn, docs: Int32Array): { ranks: Int32Array; count: number } {
    const known = this.columnRanks.get(column);
    if (known) return known;
    const ranked = rankColumn(column, docs, this.capacity);
    this.columnRanks.set(column, ranked);
    return ranked;
  }
}
