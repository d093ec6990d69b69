/**
 * The search port on Meilisearch. The same contract as the embedded engine:
 * - every query word must match (matchingStrategy 'all'); typo tolerance is Meilisearch's own
 *   (1 typo from 5 characters, 2 from 9), the last word a prefix;
 * - query text is words only: Meilisearch's operators (a "quoted phrase", -excluded words) are
 *   taken out before the query is sent, as the embedded engine, which has none, reads them;
 * - an explicit sort wins over relevance ('sort' is the first ranking rule), relevance otherwise;
 * - `upsert`, `remove`, `configure` and `clear` resolve once Meilisearch finished the task;
 * - `total`: pages aligned on `limit` (every page query-api asks for) use page/hitsPerPage, whose
 *   totalHits is exhaustive; other offsets use offset/limit and Meilisearch's estimatedTotalHits
 *   (equal to the embedded engine's count in every comparison run so far).
 * What still differs from the embedded engine: the order of equally good matches when no sort
 * is given (Meilisearch also ranks by word proximity and position, then by its internal
 * document ids; the embedded engine by typos, attribute and exact-over-prefix, then insertion
 * order), so a short page (6 suggestions) may hold other matches of the same quality.
 */
import { Meilisearch, type Index, type Task } from 'meilisearch';
import type {
  SearchEngine,
  SearchFilter,
  SearchIndex,
  SearchQuery,
  SearchResult,
  SearchSettings,
} from '@rewear/ports';

export interface MeiliSearchOptions {
  url: string;
  apiKey?: string | null;
  /** Prepended to every index name (separates environments or test runs sharing one server). */
  indexPrefix?: string;
  /** How long to wait for an indexing task, in ms. */
  taskTimeoutMs?: number;
  /**
   * How often a waiting write asks whether its task is done, in ms. Default 10 (the client's
   * own is 50): a projector's next batch waits for this one's answer, and a task of a few
   * documents takes 0.1-0.3 s, so a coarser poll adds a sixth or more to every write.
   */
  taskPollMs?: number;
}

const ATTRIBUTE = /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/;
/** Enough for every brand, size or colour of a catalogue. */
const MAX_VALUES_PER_FACET = 1_000;
const MAX_TOTAL_HITS = 1_000_000;

function attributeName(name: string): string {
  if (!ATTRIBUTE.test(name))
    throw new Error(`Invalid attribute name for a filter: ${JSON.stringify(name)}`);
  return name;
}

function literal(value: string | number | boolean): string {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Invalid number in a filter: ${value}`);
    return String(value);
  }
  // double-quoted, with backslashes and quotes escaped, so a value can never end the string
  return `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** SearchFilter → Meilisearch filter expression (every entry must hold). */
export function toMeiliFilter(filter: SearchFilter): string | undefined {
  const clauses: string[] = [];
  for (const [rawName, condition] of Object.entries(filter)) {
    const name = attributeName(rawName);
    if (Array.isArray(condition)) {
      clauses.push(`${name} IN [${condition.map(literal).join(', ')}]`);
    } else if (condition !== null && typeof condition === 'object') {
      const bounds = (
        [
          ['gte', '>='],
          ['gt', '>'],
          ['lte', '<='],
          ['lt', '<'],
        ] as const
      )
        .filter(([key]) => condition[key] !== undefined)
        .map(([key, operator]) => `${name} ${operator} ${literal(condition[key]!)}`);
      if (bounds.length > 0) clauses.push(bounds.join(' AND '));
    } else {
      clauses.push(`${name} = ${literal(condition)}`);
    }
  }
  return clauses.length > 0 ? clauses.map((clause) => `(${clause})`).join(' AND ') : undefined;
}

/**
 * The query as plain words: quotes (Meilisearch's phrase operator) become spaces and a minus
 * that starts a word (its exclusion operator) goes, so `jacket -denim` asks for both words and
 * `"denim jacket"` for both in any order, as on the embedded engine. A hyphen inside a word
 * (`t-shirt`) stays.
 */
export function plainQuery(q: string): string {
  return q.replace(/"/g, ' ').replace(/(^|\s)-+/g, '$1');
}

/**
 * The body this adapter sends to Meilisearch's search endpoint for a query (also what the
 * search benchmark sends to Meilisearch directly, so both ask the same).
 */
export function meiliSearchRequest(query: SearchQuery): {
  q: string;
  filter?: string;
  sort?: string[];
  facets?: string[];
  matchingStrategy: 'all';
} & ({ hitsPerPage: number; page: number } | { offset: number; limit: number }) {
  const offset = Math.max(0, query.offset ?? 0);
  const limit = Math.max(0, query.limit ?? 20);
  const common = {
    q: plainQuery(query.q ?? ''),
    ...(query.filter ? { filter: toMeiliFilter(query.filter) } : {}),
    ...(query.sort
      ? { sort: query.sort.map(({ field, order }) => `${attributeName(field)}:${order}`) }
      : {}),
    ...(query.facets ? { facets: query.facets } : {}),
    matchingStrategy: 'all' as const,
  };
  const aligned = limit === 0 ? offset === 0 : offset % limit === 0;
  return aligned
    ? { ...common, hitsPerPage: limit, page: limit === 0 ? 1 : offset / limit + 1 }
    : { ...common, offset, limit };
}

function checkTask(task: Task, what: string): void {
  if (task.status !== 'succeeded') {
    throw new Error(`Meilisearch ${what} ${task.status}: ${task.error?.message ?? 'no detail'}`);
  }
}

class MeiliSearchIndex<T extends { id: string }> implements SearchIndex<T> {
  private readonly index: Index<T>;
  constructor(
    private readonly client: Meilisearch,
    private readonly uid: string,
    private readonly wait: { timeout: number; interval: number },
  ) {
    this.index = client.index<T>(uid);
  }

  async configure(settings: SearchSettings): Promise<void> {
    const created = await this.client
      .createIndex(this.uid, { primaryKey: 'id' })
      .waitTask(this.wait);
    if (created.status !== 'succeeded' && created.error?.code !== 'index_already_exists')
      checkTask(created, 'index creation');
    const task = await this.index
      .updateSettings({
        searchableAttributes: settings.searchable,
        filterableAttributes: settings.filterable,
        sortableAttributes: settings.sortable,
        rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
        typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } },
        faceting: { maxValuesPerFacet: MAX_VALUES_PER_FACET },
        pagination: { maxTotalHits: MAX_TOTAL_HITS },
      })
      .waitTask(this.wait);
    checkTask(task, 'settings update');
  }

  async upsert(docs: T[]): Promise<void> {
    if (docs.length === 0) return;
    checkTask(
      await this.index.addDocuments(docs, { primaryKey: 'id' }).waitTask(this.wait),
      'document upsert',
    );
  }

  async remove(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    checkTask(await this.index.deleteDocuments(ids).waitTask(this.wait), 'document removal');
  }

  async search(query: SearchQuery): Promise<SearchResult<T>> {
    const { q, ...params } = meiliSearchRequest(query);
    const response = await this.index.search(q, params);
    // totalHits with page/hitsPerPage (exhaustive), estimatedTotalHits with offset/limit
    const counted = response as { totalHits?: number; estimatedTotalHits?: number };
    const total = counted.totalHits ?? counted.estimatedTotalHits;
    const facets: Record<string, Record<string, number>> = {};
    for (const attribute of query.facets ?? [])
      facets[attribute] = response.facetDistribution?.[attribute] ?? {};
    return { hits: response.hits as T[], total: total ?? 0, facets };
  }

  async clear(): Promise<void> {
    const task = await this.index.deleteAllDocuments().waitTask(this.wait);
    if (task.status !== 'succeeded' && task.error?.code !== 'index_not_found')
      checkTask(task, 'clear');
  }

  async close(): Promise<void> {}
}

export function createMeiliSearchEngine(options: MeiliSearchOptions): SearchEngine {
  const client = new Meilisearch({
    host: options.url,
    apiKey: options.apiKey ?? undefined,
    // Answers uncompressed. Asked for gzip (what fetch asks by default), Meilisearch streams a
    // compressed answer whose last chunk waits on the TCP stack for the client's delayed
    // acknowledgement: 44 ms a search one at a time against 1.7 ms uncompressed (bench:search
    // at concurrency 1). Between neighbouring processes compression only costs CPU.
    requestInit: { headers: { 'Accept-Encoding': 'identity' } },
  });
  const wait = { timeout: options.taskTimeoutMs ?? 60_000, interval: options.taskPollMs ?? 10 };
  const prefix = options.indexPrefix ?? '';
  return {
    index<T extends { id: string }>(name: string): SearchIndex<T> {
      return new MeiliSearchIndex<T>(client, `${prefix}${name}`, wait);
    },
    async close() {},
  };
}
