/**
 * The catalogue: products, filter with server-side paging, facets (categories, filter options,
 * price range), recommendations, a seller's listings, availability and the Product of the Day.
 * Lists and counts come from the search index, which holds only listed products (in stock and
 * not deleted); product detail comes from the listings read model, so a sold-out item still answers.
 */
import { z } from 'zod';
import {
  COLORS,
  CONDITIONS,
  SIZES,
  LIMITS,
  type Availability,
  type CategoryWithCount,
  type FilterOptions,
  type FilteredProducts,
  type NameCount,
  type PriceRange,
  type ReferenceItem,
  CATEGORIES,
  rankOfTheDay,
  toDollars,
} from '@rewear/contracts';
import { notFound, type SearchQuery } from '@rewear/platform';
import { FEATURED_ID, READ_MODELS, type AlgorithmicCollectionDoc } from '@rewear/features/shared/read-models';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import {
  brandParam,
  categoryParam,
  colorsParam,
  conditionsParam,
  dollarsToCents,
  idParam,
  scopeQuery,
  sizesParam,
  text,
  wholeNumber,
} from '../shared/schemas.ts';
import {
  fromListing,
  fromSearchDoc,
  isVisible,
  productDetail,
  productListParts,
} from '../shared/products.ts';
import { listingsOf, productIndexOf, scopeFilter } from '../shared/read.ts';
import { JsonAnswer, jsonWithMember, pageOf } from '../shared/answers.ts';

const TAGS = ['Catalogue'];
const productNotFound = () => notFound('Product not found');

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
} as const satisfies Record<string, SearchQuery['sort']>;
const BY_TITLE = { field: 'title_key', order: 'asc' } as const;

export const filterQuery = z.object({
  category: categoryParam.optional(),
  brand: brandParam.optional(),
  size: sizesParam.optional(),
  color: colorsParam.optional(),
  condition: conditionsParam.optional(),
  minPrice: dollarsToCents.optional(),
  maxPrice: dollarsToCents.optional(),
  sortBy: z.enum(['title', 'price', 'created_at', 'num_likes']).default('title'),
  sortOrder: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC']))
    .default('ASC'),
  sort: z.enum(['popular', 'price_low', 'price_high', 'newest']).optional(),
  page: wholeNumber(1, 100_000).default(1),
  pageSize: wholeNumber(1, 100).default(LIMITS.cataloguePageSize),
  /** Opt-in: also the categories, brands, sizes, colors and conditions of the matching products, with counts. */
  facets: z
    .enum(['true', 'false', '1', '0'], { message: 'facets must be true or false' })
    .transform((v) => v === 'true' || v === '1')
    .default(false),
});

const FILTER_FACETS = ['category_name', 'brand_name', 'sizes', 'colors', 'conditions'];

/** FilteredProducts, with the filter options' counts when asked for (`facets=true`). */
export type FilteredProductsWithFacets = FilteredProducts & { facets?: FilterOptions };

type FilterInput = z.infer<typeof filterQuery>;

export function searchQueryOfFilter(input: FilterInput): SearchQuery {
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

function filterOptionsOf(facets: Record<string, Record<string, number>>): FilterOptions {
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

const listQuery = z.object({
  limit: wholeNumber(1, 200).default(50),
  offset: wholeNumber(0, 1_000_000).default(0),
});
const idParams = z.object({ id: idParam });

/** Facet values in reference order, only those that occur. */
function namedCounts(
  items: readonly ReferenceItem[],
  counts: Record<string, number> | undefined,
): NameCount[] {
  return items
    .filter((i) => (counts?.[i.name] ?? 0) > 0)
    .map((i) => ({ name: i.name, count: counts![i.name]! }));
}

export const catalogueRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products',
      summary: 'Listed products, title A→Z',
      tags: TAGS,
      auth: 'optional',
      query: listQuery,
      responses: { 200: 'Product[]', 400: 'Invalid query' },
    },
    async handle({ query, deps }) {
      const result = await productIndexOf(deps.readSide).search({
        sort: [BY_TITLE],
        offset: query.offset,
        limit: query.limit,
      });
      return result.hits.map(fromSearchDoc);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products/featured',
      summary:
        "Product of the Day (docs/product.md §4.10): the projector's candidates, the day's random part drawn from the server's UTC day",
      tags: TAGS,
      auth: 'optional',
      responses: { 200: 'Product', 404: 'No featured product available' },
    },
    async handle({ deps }) {
      const featured = await deps.readSide
        .collection<AlgorithmicCollectionDoc>(READ_MODELS.algorithmicCollections)
        .findOne({ _id: FEATURED_ID }, { readonly: true });
      // The day's pick from the stored candidates and the server's calendar day: it changes at
      // midnight UTC whether or not anything happened on the site. One read when the pick is
      // still for sale; the next best when it sold since.
      const now = deps.clock?.() ?? new Date();
      for (const pick of rankOfTheDay(featured?.products ?? [], now)) {
        const listing = await listingsOf(deps.readSide).findOne({ _id: pick.product_id });
        if (isVisible(listing) && listing.stock > 0) return fromListing(listing);
      }
      throw notFound('No featured product available');
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products/filter',
      summary:
        'Filtered, sorted and paged catalogue (default title A→Z, 20 per page). With facets=true the answer also holds `facets`: the categories, brands, sizes, colors and conditions of all matching products with counts (FilterOptions), from the same search',
      tags: TAGS,
      auth: 'optional',
      query: filterQuery,
      responses: { 200: 'FilteredProducts', 400: 'Invalid query' },
    },
    async handle({ query, deps }): Promise<JsonAnswer<FilteredProductsWithFacets>> {
      const result = await productIndexOf(deps.readSide).search(searchQueryOfFilter(query));
      // page, pageSize and facets are part of the search query: one answer, one page
      return pageOf(result, 'filter', () =>
        jsonWithMember<FilteredProductsWithFacets>('products', productListParts(result.hits), {
          total: result.total,
          page: query.page,
          pageSize: query.pageSize,
          ...(query.facets ? { facets: filterOptionsOf(result.facets) } : {}),
        }),
      );
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products/search',
      summary: 'Typo-tolerant product search',
      tags: ['Search'],
      auth: 'optional',
      query: z.object({ keyword: text().default(''), limit: wholeNumber(1, 200).default(50) }),
      responses: { 200: 'Product[]', 400: 'Invalid query' },
    },
    async handle({ query, deps }) {
      if (!query.keyword) return [];
      const result = await productIndexOf(deps.readSide).search({
        q: query.keyword,
        limit: query.limit,
      });
      return result.hits.map(fromSearchDoc);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products/categories-with-count',
      summary: 'Every category with its number of listed products',
      tags: TAGS,
      auth: 'optional',
      responses: { 200: 'CategoryWithCount[]' },
    },
    async handle({ deps }): Promise<CategoryWithCount[]> {
      const { facets } = await productIndexOf(deps.readSide).search({
        limit: 0,
        facets: ['category_name'],
      });
      return CATEGORIES.map((c) => ({
        category_name: c.name,
        product_count: facets.category_name?.[c.name] ?? 0,
      }));
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products/filter-options',
      summary: 'Categories, brands, sizes, colors and conditions with counts',
      tags: TAGS,
      auth: 'optional',
      query: scopeQuery,
      responses: { 200: 'FilterOptions', 400: 'Invalid query' },
    },
    async handle({ query, deps }): Promise<JsonAnswer<FilterOptions>> {
      const result = await productIndexOf(deps.readSide).search({
        filter: scopeFilter(query),
        limit: 0,
        facets: FILTER_FACETS,
      });
      return pageOf(result, 'filter-options', () => filterOptionsOf(result.facets));
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products/price-range',
      summary: 'Lowest and highest price (0 and 1000 when nothing matches)',
      tags: TAGS,
      auth: 'optional',
      query: scopeQuery,
      responses: { 200: 'PriceRange', 400: 'Invalid query' },
    },
    async handle({ query, deps }): Promise<PriceRange> {
      const index = productIndexOf(deps.readSide);
      const filter = scopeFilter(query);
      const [low, high] = await Promise.all([
        index.search({ filter, sort: [{ field: 'price_cents', order: 'asc' }], limit: 1 }),
        index.search({ filter, sort: [{ field: 'price_cents', order: 'desc' }], limit: 1 }),
      ]);
      if (!low.hits[0] || !high.hits[0]) return { ...LIMITS.defaultPriceRange };
      return {
        minPrice: toDollars(low.hits[0].price_cents),
        maxPrice: toDollars(high.hits[0].price_cents),
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products/category/{category}',
      summary: 'Listed products of a category (by name)',
      tags: TAGS,
      auth: 'optional',
      params: z.object({ category: text(100) }),
      query: listQuery,
      responses: { 200: 'Product[]', 404: 'Category not found' },
    },
    async handle({ params, query, deps }) {
      const category = CATEGORIES.find(
        (c) => c.name.toLowerCase() === params.category.toLowerCase(),
      );
      if (!category) throw notFound('Category not found');
      const result = await productIndexOf(deps.readSide).search({
        filter: { category_name: category.name },
        sort: [BY_TITLE],
        offset: query.offset,
        limit: query.limit,
      });
      return result.hits.map(fromSearchDoc);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products/seller/{uid}',
      summary: "A seller's listings, newest first (sold-out ones too)",
      tags: TAGS,
      auth: 'optional',
      params: z.object({ uid: idParam }),
      responses: { 200: 'Product[]', 404: 'No listings' },
    },
    async handle({ params, deps }) {
      const docs = await listingsOf(deps.readSide).find(
        { seller_id: params.uid, deleted: false },
        { sort: { created_at: -1 } },
      );
      if (docs.length === 0) throw notFound('No listings found for this seller');
      return docs.map(fromListing);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products/{id}/recommendations',
      summary: 'Listed products of the same category, most liked first',
      tags: TAGS,
      auth: 'optional',
      params: idParams,
      query: z.object({ limit: wholeNumber(1, 50).default(LIMITS.recommendationsDefault) }),
      responses: { 200: 'Product[]', 404: 'Product not found' },
    },
    async handle({ params, query, deps }) {
      const listing = await listingsOf(deps.readSide).findOne({ _id: params.id });
      if (!isVisible(listing)) throw productNotFound();
      const result = await productIndexOf(deps.readSide).search({
        filter: { category_name: listing.category_name },
        sort: [{ field: 'num_likes', order: 'desc' }, BY_TITLE],
        limit: query.limit + 1,
      });
      return result.hits
        .filter((h) => h.id !== listing._id)
        .slice(0, query.limit)
        .map(fromSearchDoc);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products/{id}/availability',
      summary: 'Whether a quantity can be ordered now',
      tags: TAGS,
      auth: 'optional',
      params: idParams,
      query: z.object({ quantity: wholeNumber(1, 10_000).default(1) }),
      responses: { 200: 'Availability', 404: 'Product not found' },
    },
    async handle({ params, query, deps }): Promise<Availability> {
      const listing = await listingsOf(deps.readSide).findOne({ _id: params.id });
      if (!isVisible(listing)) throw productNotFound();
      return {
        product_id: listing._id,
        requested: query.quantity,
        available: listing.stock,
        isAvailable: listing.stock >= query.quantity,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products/{id}',
      summary: 'Product detail (a sold-out product answers with stock 0)',
      tags: TAGS,
      auth: 'optional',
      params: idParams,
      responses: {
        200: "Product, with sellerRating { average, count } (the seller's reviews) as in every list",
        404: 'Product not found',
      },
    },
    async handle({ params, deps }) {
      const listing = await listingsOf(deps.readSide).findOne({ _id: params.id });
      if (!isVisible(listing)) throw productNotFound();
      return productDetail(listing);
    },
  }),
];
