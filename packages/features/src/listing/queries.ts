/**
 * The listing's query face: the catalogue's reads of the listings read model and the `products`
 * search index, and the product view they answer (the domain's `toProduct`, dollars out). Lists
 * and counts come from the search index, which holds only listed products (in stock and not
 * deleted); a product's detail comes from the listings read model, so a sold-out item still
 * answers.
 */
import {
  CATEGORIES,
  COLORS,
  CONDITIONS,
  SIZES,
  LIMITS,
  rankOfTheDay,
  sellerRatingFrom,
  toDollars,
  type FilterOptions,
  type HomeSort,
  type NameCount,
  type PriceRange,
  type ProductDetail,
  type ReferenceItem,
  type SortBy,
  type SortOrder,
} from '@rewear/contracts';
import type { ReadSide, SearchFilter, SearchQuery } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { FEATURED_ID, type AlgorithmicCollectionDoc } from '../collections/projection.ts';
import { toProduct } from './domain.ts';
import {
  isVisible,
  listingsOf,
  productIndexOf,
  type ListingDoc,
  type ProductSearchDoc,
} from './projection/documents.ts';

export { toProduct, type ProductRecord } from './domain.ts';
export {
  isVisible,
  listingsOf,
  productIndexOf,
  type ListingDoc,
  type ProductSearchDoc,
} from './projection/documents.ts';

export const fromSearchDoc = (doc: ProductSearchDoc) => toProduct(doc.id, doc);
export const fromListing = (doc: ListingDoc) => toProduct(doc._id, doc);

/**
 * A product's detail: the listing with its seller's rating and badges, carried on it by the
 * catalogue, and the day its seller is back while they are away (holiday mode's read).
 */
export function productDetail(
  listing: ListingDoc,
  sellerAwayUntil: string | null = null,
): ProductDetail {
  const product = fromListing(listing);
  return {
    ...product,
    sellerRating: product.sellerRating ?? sellerRatingFrom(0, 0),
    sellerAwayUntil,
  };
}

/** Listings by id in one query, as a map (no N+1 for carts, wishlists and collections). */
export async function listingsById(
  side: ReadSide,
  ids: string[],
): Promise<Map<string, ListingDoc>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const docs = await listingsOf(side).find({ _id: { $in: unique } });
  return new Map(docs.map((d) => [d._id, d]));
}

/** A listing that answers for its detail (created, not deleted; sold out too), else null. */
export async function visibleListing(side: ReadSide, id: string): Promise<ListingDoc | null> {
  const listing = await listingsOf(side).findOne({ _id: id });
  return isVisible(listing) ? listing : null;
}

/** Category and brand narrowing of the search index. */
export function scopeFilter(scope: {
  category?: string | undefined;
  brand?: string | undefined;
}): SearchFilter {
  const filter: SearchFilter = {};
  if (scope.category) filter.category_name = scope.category;
  if (scope.brand) filter.brand_name = scope.brand;
  return filter;
}

const SORT_FIELDS = {
  title: 'title_key',
  price: 'price_cents',
  created_at: 'created_ts',
  num_likes: 'num_likes',
} as const;
const HOME_SORTS = {
  popular: [{ field: 'num_likes', order: 'desc' }],
  price_low: [{ field: 'price_cents', order: 'asc' }],
  price_high: [{ field: 'price_cents', order: 'desc' }],
  newest: [{ field: 'created_ts', order: 'desc' }],
} as const satisfies Record<HomeSort, SearchQuery['sort']>;
/** Title A→Z: the catalogue's order, and what breaks ties of the others. */
export const BY_TITLE = { field: 'title_key', order: 'asc' } as const;

export const FILTER_FACETS = ['category_name', 'brand_name', 'sizes', 'colors', 'conditions'];

/** The catalogue's filter as query-api validated it (prices in cents, names canonical). */
export interface CatalogueFilter {
  category?: string | undefined;
  brand?: string | undefined;
  size?: string[] | undefined;
  color?: string[] | undefined;
  condition?: string[] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  sortBy: SortBy;
  sortOrder: SortOrder;
  sort?: HomeSort | undefined;
  page: number;
  pageSize: number;
  /** Also the filter options' counts of the matching products. */
  facets: boolean;
}

export function searchQueryOfFilter(input: CatalogueFilter): SearchQuery {
  const filter = scopeFilter(input);
  if (input.size?.length) filter.sizes = input.size;
  if (input.color?.length) filter.colors = input.color;
  if (input.condition?.length) filter.conditions = input.condition;
  if (input.minPrice !== undefined || input.maxPrice !== undefined) {
    filter.price_cents = {
      ...(input.minPrice !== undefined ? { gte: input.minPrice } : {}),
      ...(input.maxPrice !== undefined ? { lte: input.maxPrice } : {}),
    };
  }
  const primary = input.sort
    ? HOME_SORTS[input.sort]
    : [
        {
          field: SORT_FIELDS[input.sortBy],
          order: input.sortOrder === 'ASC' ? 'asc' : 'desc',
        } as const,
      ];
  // Title breaks ties so pages do not shuffle between requests.
  const sort = primary[0]!.field === 'title_key' ? [...primary] : [...primary, BY_TITLE];
  return {
    filter,
    sort,
    offset: (input.page - 1) * input.pageSize,
    limit: input.pageSize,
    ...(input.facets ? { facets: FILTER_FACETS } : {}),
  };
}

/** Facet values in reference order, only those that occur. */
function namedCounts(
  items: readonly ReferenceItem[],
  counts: Record<string, number> | undefined,
): NameCount[] {
  return items
    .filter((i) => (counts?.[i.name] ?? 0) > 0)
    .map((i) => ({ name: i.name, count: counts![i.name]! }));
}

export function filterOptionsOf(facets: Record<string, Record<string, number>>): FilterOptions {
  return {
    categories: namedCounts(CATEGORIES, facets.category_name),
    brands: Object.entries(facets.brand_name ?? {})
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    colors: namedCounts(COLORS, facets.colors),
    sizes: namedCounts(SIZES, facets.sizes),
    conditions: namedCounts(CONDITIONS, facets.conditions),
  };
}

/**
 * The Product of the Day: the day's pick from the stored candidates and the calendar day of
 * `now`, so it changes at midnight UTC whether or not anything happened on the site. One read
 * when the pick is still for sale; the next best when it sold since. Null when none is.
 */
export async function featuredListing(side: ReadSide, now: Date): Promise<ListingDoc | null> {
  const featured = await side
    .collection<AlgorithmicCollectionDoc>(READ_MODELS.algorithmicCollections)
    .findOne({ _id: FEATURED_ID }, { readonly: true });
  for (const pick of rankOfTheDay(featured?.products ?? [], now)) {
    const listing = await listingsOf(side).findOne({ _id: pick.product_id });
    if (isVisible(listing) && listing.stock > 0) return listing;
  }
  return null;
}

/** The lowest and highest price of the listed products in scope (the defaults when none). */
export async function priceRangeOf(side: ReadSide, filter: SearchFilter): Promise<PriceRange> {
  const index = productIndexOf(side);
  const [low, high] = await Promise.all([
    index.search({ filter, sort: [{ field: 'price_cents', order: 'asc' }], limit: 1 }),
    index.search({ filter, sort: [{ field: 'price_cents', order: 'desc' }], limit: 1 }),
  ]);
  if (!low.hits[0] || !high.hits[0]) return { ...LIMITS.defaultPriceRange };
  return {
    minPrice: toDollars(low.hits[0].price_cents),
    maxPrice: toDollars(high.hits[0].price_cents),
  };
}

/** A seller's listings that are not deleted (sold-out ones too), newest first. */
export const sellerListings = (
  side: ReadSide,
  sellerId: string,
  options: { readonly?: true } = {},
) =>
  listingsOf(side).find(
    { seller_id: sellerId, deleted: false },
    { sort: { created_at: -1 }, ...options },
  );

/** Listed products of the listing's category, most liked first, the listing itself left out. */
export async function recommendationsFor(
  side: ReadSide,
  listing: ListingDoc,
  limit: number,
): Promise<ProductSearchDoc[]> {
  const result = await productIndexOf(side).search({
    filter: { category_name: listing.category_name },
    sort: [{ field: 'num_likes', order: 'desc' }, BY_TITLE],
    limit: limit + 1,
  });
  return result.hits.filter((h) => h.id !== listing._id).slice(0, limit);
}
