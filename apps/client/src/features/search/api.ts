/** Search's endpoints (docs/product.md §7 Search). */
import type { Product } from '@rewear/contracts';
import type { Api } from '../../api/http.ts';

export function searchApi(http: Api) {
  return {
    /** Aborted through `signal` when the shopper types on. */
    suggestions: (text: string, signal: AbortSignal) =>
      http.get<Product[]>(`/api/search/suggestions?q=${encodeURIComponent(text)}`, { signal }),
    results: (query: string) =>
      http.get<Product[]>(`/api/search?query=${encodeURIComponent(query)}`),
  };
}

export type SearchApi = ReturnType<typeof searchApi>;
