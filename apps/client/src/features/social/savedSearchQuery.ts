/**
 * Pure: between the catalogue's addresses and a saved query. The catalogue (/products) holds
 * the filters, the search page (/search) the keyword; a saved search opens where its query is.
 */
import type { SaveSearchBody, SavedSearchQueryView } from '@rewear/contracts';

type Query = SaveSearchBody['query'];
const FILTERS = [
  'category',
  'brand',
  'size',
  'color',
  'condition',
  'minPrice',
  'maxPrice',
] as const;

/** The saved query of a catalogue address (`?category=Tops&size=XS`) or a search (`?q=denim`). */
export function queryOfLocation(pathname: string, search: string): Query {
  const params = new URLSearchParams(search);
  const query: Query = {};
  if (pathname === '/search') {
    const q = (params.get('q') ?? '').trim();
    if (q) query.q = q;
    return query;
  }
  for (const key of FILTERS) {
    const value = (params.get(key) ?? '').trim();
    if (value) query[key] = value;
  }
  return query;
}

/** Whether a query says anything (an empty one is not worth saving). */
export const hasCriteria = (query: Query) =>
  Object.values(query).some((value) => value !== undefined && value !== '');

/** A name to suggest: the query's words, e.g. "denim · Tops · under $50". */
export function suggestedName(query: Query): string {
  const parts = [query.q, query.brand, query.category, query.size, query.color, query.condition];
  if (query.minPrice) parts.push(`from $${query.minPrice}`);
  if (query.maxPrice) parts.push(`under $${query.maxPrice}`);
  return parts.filter(Boolean).join(' · ').slice(0, 80);
}

/** Where a saved search opens: the search page for a keyword, else the filtered catalogue. */
export function pathOfSavedQuery(query: SavedSearchQueryView): string {
  const params = new URLSearchParams();
  if (query.q) {
    params.set('q', query.q);
    return `/search?${params}`;
  }
  for (const key of ['category', 'brand', 'size', 'color', 'condition'] as const) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.minPrice !== null) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== null) params.set('maxPrice', String(query.maxPrice));
  return `/products?${params}`;
}

/** The query in words, for the list: "“denim” · Tops · $10 to $50". */
export function describeQuery(query: SavedSearchQueryView): string {
  const parts: string[] = [];
  if (query.q) parts.push(`“${query.q}”`);
  for (const key of ['brand', 'category', 'size', 'color', 'condition'] as const) {
    const value = query[key];
    if (value) parts.push(value);
  }
  if (query.minPrice !== null && query.maxPrice !== null)
    parts.push(`$${query.minPrice} to $${query.maxPrice}`);
  else if (query.minPrice !== null) parts.push(`from $${query.minPrice}`);
  else if (query.maxPrice !== null) parts.push(`up to $${query.maxPrice}`);
  return parts.join(' · ');
}
