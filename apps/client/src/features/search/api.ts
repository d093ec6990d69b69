/** Search's endpoints (docs/product.md §7 Search). */
import type { FilteredProducts, Product } from '@rewear/contracts';
import type { Api } from '../../api/http.ts';

export function searchApi(http: Api) {
  return {
    /** Aborted through `signal` when the shopper types on. */
    suggestions: (text: string, signal: AbortSignal) =>
      http.get<Product[]>(`/api/search/suggestions?q=${encodeURIComponent(text)}`, { signal }),
    /** One page of results and the number of all matches. */
    results: (query: string, page: number, pageSize: number) =>
      http.get<FilteredProducts>(
        `/api/search/results?query=${encodeURIComponent(query)}&page=${page}&pageSize=${pageSize}`,
      ),
  };
}

export type SearchApi = ReturnType<typeof searchApi>;
