/** The create-listing wizard's data and rules (docs/product.md §2 Create listing, §4 Listing wizard, §5). */
import { photoIdsOf, photosUploading, type ListingPhoto } from './photos.ts';

export type WizardStep = 1 | 2 | 3;

export const WIZARD_STEPS: ReadonlyArray<{ step: WizardStep; title: string }> = [
  { step: 1, title: 'Details' },
  { step: 2, title: 'Category' },
  { step: 3, title: 'Attributes' },
];

export interface ListingDraft {
  title: string;
  description: string;
  /** As typed in the price input (type number, min 0, step 0.01). */
  price: string;
  /** What it cost new, as typed; empty for none. */
  originalPrice: string;
  /** Units for sale, as typed. */
  stock: string;
  brandId: string | null;
  brandName: string;
  categoryId: number | null;
  conditionId: number | null;
  image: string;
  colorIds: number[];
  sizeIds: number[];
  /** In gallery order, the first the cover. */
  photos: ListingPhoto[];
}

export const emptyDraft = (): ListingDraft => ({
  title: '',
  description: '',
  price: '',
  originalPrice: '',
  stock: '1',
  brandId: null,
  brandName: '',
  categoryId: null,
  conditionId: null,
  image: '',
  colorIds: [],
  sizeIds: [],
  photos: [],
});

/** A price the API accepts: a finite number ≥ 0 with at most 2 decimals. */
export function parsePrice(text: string): number | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const value = Number(trimmed);
  if (!Number.isFinite(value) || value < 0) return null;
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) return null;
  return value;
}

export const MAX_STOCK = 10_000;

/** Units for sale: a whole number from `min` to 10,000, else null. */
export function parseStock(text: string, min = 1): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,5}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= min && value <= MAX_STOCK ? value : null;
}

export const ORIGINAL_PRICE_MESSAGE = 'The original price must be at least the price';

/** Why the original price cannot be taken (empty is fine: none), or null. */
export function originalPriceProblem(priceText: string, originalText: string): string | null {
  if (!originalText.trim()) return null;
  const original = parsePrice(originalText);
  if (original === null) return 'The original price must be an amount with at most 2 decimals';
  const price = parsePrice(priceText);
  if (price !== null && original < price) return ORIGINAL_PRICE_MESSAGE;
  return null;
}

/** An empty image field is allowed; anything typed must be an http(s) URL or a site path. */
export function isImageUrl(text: string): boolean {
  const trimmed = text.trim();
  if (!trimmed) return true;
  if (trimmed.startsWith('/')) return true;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Step 1 needs title, description and price; step 2 brand, category and a condition; step 3 is optional. */
export function isStepValid(step: WizardStep, draft: ListingDraft): boolean {
  switch (step) {
    case 1:
      return Boolean(
        draft.title.trim() &&
        draft.description.trim() &&
        parsePrice(draft.price) !== null &&
        parseStock(draft.stock) !== null &&
        originalPriceProblem(draft.price, draft.originalPrice) === null,
      );
    case 2:
      return draft.brandId !== null && draft.categoryId !== null && draft.conditionId !== null;
    case 3:
      return isImageUrl(draft.image) && !photosUploading(draft.photos);
  }
}

export function canSubmit(draft: ListingDraft): boolean {
  return isStepValid(1, draft) && isStepValid(2, draft) && isStepValid(3, draft);
}

/** POST /api/products body (docs/product.md §3 New listing payload; the server takes the seller from the token). */
export interface NewListingPayload {
  title: string;
  price: number;
  description: string;
  brand_id: string;
  category_id: number;
  condition_ids: number[];
  size_ids: number[];
  color_ids: number[];
  image: string;
  /** Uploaded photo ids, the cover first; absent when there are none. */
  photos?: string[];
  original_price: number | null;
  stock: number;
  seller_id: string;
}

export function buildListingPayload(
  draft: ListingDraft,
  sellerId: string,
): NewListingPayload | null {
  const price = parsePrice(draft.price);
  const stock = parseStock(draft.stock);
  const photos = photoIdsOf(draft.photos);
  if (
    stock === null ||
    !canSubmit(draft) ||
    price === null ||
    draft.brandId === null ||
    draft.categoryId === null ||
    draft.conditionId === null
  ) {
    return null;
  }
  return {
    title: draft.title.trim(),
    price,
    description: draft.description.trim(),
    brand_id: draft.brandId,
    category_id: draft.categoryId,
    condition_ids: [draft.conditionId],
    size_ids: [...draft.sizeIds].sort((a, b) => a - b),
    color_ids: [...draft.colorIds].sort((a, b) => a - b),
    image: draft.image.trim(),
    ...(photos.length ? { photos } : {}),
    original_price: draft.originalPrice.trim() ? parsePrice(draft.originalPrice) : null,
    stock,
    seller_id: sellerId,
  };
}

/** Creation errors mapped from the server's text (docs/product.md §8 Listings and brands). */
export function createListingErrorMessage(serverMessage: string | null | undefined): string {
  const text = (serverMessage ?? '').trim();
  const lower = text.toLowerCase();
  if (lower.includes('seller')) return 'Please sign in with a valid account to create listings.';
  if (lower.includes('brand'))
    return 'Selected brand is invalid. Please try selecting a different brand.';
  if (lower.includes('category'))
    return 'Selected category is invalid. Please try selecting a different category.';
  return text || 'Failed to create product';
}

/** Case-insensitive, trimmed name match: the brand the typed text already names, if any. */
export function findBrandByName<T extends { name: string }>(
  brands: readonly T[],
  typed: string,
): T | undefined {
  const wanted = typed.trim().toLowerCase();
  if (!wanted) return undefined;
  return brands.find((brand) => brand.name.trim().toLowerCase() === wanted);
}

export function filterBrands<T extends { name: string }>(brands: readonly T[], typed: string): T[] {
  const wanted = typed.trim().toLowerCase();
  if (!wanted) return [...brands];
  return brands.filter((brand) => brand.name.toLowerCase().includes(wanted));
}

export function toggleId(ids: readonly number[], id: number): number[] {
  return ids.includes(id) ? ids.filter((existing) => existing !== id) : [...ids, id];
}
