/** The product page's endpoints (docs/product.md §7 Products). */
import type { Product, ProductDetail } from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

export function productApi(http: Api) {
  return {
    /** 404 (or 400 for a malformed id) when there is no such product. */
    product: (id: string) => http.get<ProductDetail>(productPath(id)),
    recommendations: (id: string, limit: number) =>
      http.get<Product[]>(`${productPath(id)}/recommendations?limit=${limit}`),
    /** The seller's delete; 403 for anyone else. */
    deleteListing: (id: string, options: RequestOptions) =>
      http.del<unknown>(productPath(id), undefined, options),
  };
}

export type ProductApi = ReturnType<typeof productApi>;
