/** The seller's endpoints (docs/product.md §7 Listings, Brands). Commands take their Idempotency-Key options. */
import type { z } from 'zod';
import type {
  BrandView,
  CategoryView,
  CommandAnswer,
  createListingBody,
  findOrCreateBrandBody,
  Product,
  updateListingBody,
  UploadedPhoto,
} from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';

export type FindOrCreateBrandBody = z.input<typeof findOrCreateBrandBody>;
export type CreateListingBody = z.input<typeof createListingBody>;
export type UpdateListingBody = z.input<typeof updateListingBody>;

export interface BrandFound extends BrandView, CommandAnswer {
  /** False when a brand of that name already existed. */
  created: boolean;
}

export interface ListingDeleted extends CommandAnswer {
  message: string;
  product_id: string;
}

const listingPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

export function listingsApi(http: Api) {
  return {
    brands: () => http.get<BrandView[]>('/api/brands/'),
    categories: () => http.get<CategoryView[]>('/api/categories/'),
    findOrCreateBrand: (body: FindOrCreateBrandBody, options: RequestOptions) =>
      http.post<BrandFound>('/api/brands/find-or-create', body, options),
    /** 404 when the seller has no listings yet. */
    sellerListings: (uid: string) =>
      http.get<Product[]>(`/api/products/seller/${encodeURIComponent(uid)}`),
    listing: (id: string) => http.get<Product>(listingPath(id)),
    createListing: (body: CreateListingBody, options: RequestOptions) =>
      http.post<Product>('/api/products', body, options),
    updateListing: (id: string, body: UpdateListingBody, options: RequestOptions) =>
      http.put<Product | null>(listingPath(id), body, options),
    /** The file's bytes as the body; the server reads the type from them. */
    uploadPhoto: (file: Blob, options: RequestOptions) =>
      http.post<UploadedPhoto>('/api/photos', file, options),
    deleteListing: (id: string, options: RequestOptions) =>
      http.del<ListingDeleted>(listingPath(id), undefined, options),
  };
}

export type ListingsApi = ReturnType<typeof listingsApi>;

/** The brand as the reference data lists it. */
export function brandViewFrom(found: BrandFound): BrandView {
  return { id: found.id, name: found.name, image: found.image ?? null };
}
