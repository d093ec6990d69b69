/** Rules of the edit-listing screen (docs/product.md §2 Edit listing, §4 Edit flow, §5 Edit listing). */
import type { BrandView, CategoryView, Product } from '@rewear/contracts';
import { isImageUrl, originalPriceProblem, parsePrice, parseStock } from './listingDraft.ts';
import {
  photoIdsOf,
  photosFromProduct,
  photosUploading,
  WAIT_FOR_PHOTOS_MESSAGE,
  type ListingPhoto,
} from './photos.ts';

/** Ids are opaque strings (1-128 characters); route mistakes produce '', 'undefined' or 'null'. */
export function isValidProductId(id: string | null | undefined): id is string {
  if (!id) return false;
  const trimmed = id.trim();
  if (!trimmed || trimmed === 'undefined' || trimmed === 'null') return false;
  return trimmed.length <= 128 && /^[A-Za-z0-9_.:-]+$/.test(trimmed);
}

export interface EditForm {
  title: string;
  description: string;
  price: string;
  /** What it cost new; empty for none. */
  originalPrice: string;
  /** Units still for sale. */
  stock: string;
  image: string;
  /** In gallery order, the first the cover. */
  photos: ListingPhoto[];
}

export const formFromProduct = (product: Product): EditForm => ({
  title: product.title ?? '',
  description: product.description ?? '',
  price: product.price === null || product.price === undefined ? '' : String(Number(product.price)),
  originalPrice:
    product.original_price === null || product.original_price === undefined
      ? ''
      : String(Number(product.original_price)),
  stock: String(product.stock ?? 0),
  image: product.image ?? '',
  photos: photosFromProduct(product),
});

/** PUT /api/products/{id} body (docs/product.md §3 Update payload). */
export interface UpdateListingPayload {
  title: string;
  price: number;
  description: string;
  image: string;
  photos: string[];
  original_price: number | null;
  stock: number;
  brand_id: string;
  category_id: number;
  color_ids: number[];
  size_ids: number[];
  condition_ids: number[];
}

export interface ReferenceData {
  brands: readonly BrandView[];
  categories: readonly CategoryView[];
}

/**
 * The update payload, or the message the screen shows. The product's brand and category are
 * resolved against the reference data (by id, else by name) as the spec asks.
 */
export function buildUpdatePayload(
  id: string | null | undefined,
  form: EditForm,
  product: Product,
  reference: ReferenceData,
): UpdateListingPayload | string {
  if (!isValidProductId(id)) return 'Invalid product ID - cannot update product';
  const price = parsePrice(form.price);
  if (!form.title.trim() || !form.description.trim() || !form.price.trim()) {
    return 'Title, price, and description are required';
  }
  if (price === null) return 'Price must be a number of at least 0 with at most 2 decimals';
  const stock = parseStock(form.stock, 0);
  if (stock === null) return 'Stock must be a whole number from 0 to 10,000';
  const originalProblem = originalPriceProblem(form.price, form.originalPrice);
  if (originalProblem) return originalProblem;
  if (photosUploading(form.photos)) return WAIT_FOR_PHOTOS_MESSAGE;
  if (!isImageUrl(form.image))
    return 'The image URL must be an http(s) address or a path on this site';
  const brand =
    reference.brands.find((b) => b.id === product.brand_id) ??
    reference.brands.find((b) => b.name === product.brand_name);
  const brandId = brand?.id ?? (reference.brands.length === 0 ? product.brand_id : undefined);
  if (!brandId) return `Could not find brand ID for ${product.brand_name || 'Unknown'}`;
  const category =
    reference.categories.find((c) => c.id === Number(product.category_id)) ??
    reference.categories.find((c) => c.name === product.category_name);
  const categoryId =
    category?.id ?? (reference.categories.length === 0 ? Number(product.category_id) : undefined);
  if (!categoryId)
    return `Could not find category ID for ${product.category_name || 'Uncategorized'}`;
  return {
    title: form.title.trim(),
    price,
    description: form.description.trim(),
    image: form.image.trim(),
    photos: photoIdsOf(form.photos),
    original_price: form.originalPrice.trim() ? parsePrice(form.originalPrice) : null,
    stock,
    brand_id: brandId,
    category_id: categoryId,
    color_ids: product.color_ids ?? [],
    size_ids: product.size_ids ?? [],
    condition_ids: product.condition_ids ?? [],
  };
}

export function deleteIdError(id: string | null | undefined): string | null {
  return isValidProductId(id) ? null : 'Invalid product ID - cannot delete product';
}

/** 'Not specified' when a list is empty (docs/product.md §2 Product Information fallbacks). */
export function joinedOrFallback(values: readonly string[] | string | null | undefined): string {
  if (!values) return 'Not specified';
  if (typeof values === 'string') return values.trim() || 'Not specified';
  return values.length ? values.join(', ') : 'Not specified';
}
