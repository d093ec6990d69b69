/**
 * The catalogue's routes: products, filter with server-side paging, facets (categories, filter
 * options, price range), recommendations, a seller's listings, availability and the Product of
 * the Day. What they read and the product view they answer are the listing module's queries
 * (`@rewear/features/listing/queries`); the query strings and their validation are here.
 */
import { sellerAwayUntil } from '@rewear/features/holiday/queries';
import {
  availabilityAnswer,
  categoriesWithCountAnswer,
  filterOptionsAnswer,
  catalogueFilterAnswer,
  priceRangeAnswer,
  productAnswer,
  productDetailAnswer,
  productListAnswer,
} from '@rewear/contracts/answers';
import { z } from 'zod';
import {
  LIMITS,
  type Availability,
  type CategoryWithCount,
  type FilterOptions,
  type FilteredProducts,
  type PriceRange,
  CATEGORIES,
} from '@rewear/contracts';
import { notFound } from '@rewear/platform';
import {
  BY_TITLE,
  FILTER_FACETS,
  featuredListing,
  filterOptionsOf,
  fromListing,
  fromSearchDoc,
  priceRangeOf,
  productDetail,
  productIndexOf,
  recommendationsFor,
  scopeFilter,
  searchQueryOfFilter,
  sellerListings,
  visibleListing,
} from '@rewear/features/listing/queries';
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
import { productListParts } from '../shared/products.ts';
import { JsonAnswer, jsonWithMember, pageOf } from '../shared/answers.ts';

export { searchQueryOfFilter } from '@rewear/features/listing/queries';

const TAGS = ['Catalogue'];
const productNotFound = () => notFound('Product not found');

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

/** FilteredProducts, with the filter options' counts when asked for (`facets=true`). */
export type FilteredProductsWithFacets = FilteredProducts & { facets?: FilterOptions };

const listQuery = z.object({
  limit: wholeNumber(1, 200).default(50),
  offset: wholeNumber(0, 1_000_000).default(0),
});
const idParams = z.object({ id: idParam });

export const catalogueRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/products',
      summary: 'Listed products, title A→Z',
      tags: TAGS,
      auth: 'optional',
      query: listQuery,
      responses: {
        200: { description: 'Product[]', body: productListAnswer },
        400: 'Invalid query',
      },
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
      responses: {
        200: { description: 'Product', body: productAnswer },
        404: 'No featured product available',
      },
    },
    async handle({ deps }) {
      // The server's calendar day draws the day's pick.
      const listing = await featuredListing(deps.readSide, deps.clock?.() ?? new Date());
      if (!listing) throw notFound('No featured product available');
      return fromListing(listing);
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
      responses: {
        200: {
          description: 'FilteredProducts, with `facets` (FilterOptions) when asked',
          body: catalogueFilterAnswer,
        },
        400: 'Invalid query',
      },
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
      responses: {
        200: { description: 'Product[]', body: productListAnswer },
        400: 'Invalid query',
      },
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
      responses: {
        200: { description: 'CategoryWithCount[]', body: categoriesWithCountAnswer },
      },
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
      responses: {
        200: { description: 'FilterOptions', body: filterOptionsAnswer },
        400: 'Invalid query',
      },
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
      responses: {
        200: { description: 'PriceRange', body: priceRangeAnswer },
        400: 'Invalid query',
      },
    },
    async handle({ query, deps }): Promise<PriceRange> {
      return priceRangeOf(deps.readSide, scopeFilter(query));
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
      responses: {
        200: { description: 'Product[]', body: productListAnswer },
        404: 'Category not found',
      },
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
      responses: {
        200: { description: 'Product[]', body: productListAnswer },
        404: 'No listings',
      },
    },
    async handle({ params, deps }) {
      const docs = await sellerListings(deps.readSide, params.uid);
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
      responses: {
        200: { description: 'Product[]', body: productListAnswer },
        404: 'Product not found',
      },
    },
    async handle({ params, query, deps }) {
      const listing = await visibleListing(deps.readSide, params.id);
      if (!listing) throw productNotFound();
      return (await recommendationsFor(deps.readSide, listing, query.limit)).map(fromSearchDoc);
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
      responses: {
        200: { description: 'Availability', body: availabilityAnswer },
        404: 'Product not found',
      },
    },
    async handle({ params, query, deps }): Promise<Availability> {
      const listing = await visibleListing(deps.readSide, params.id);
      if (!listing) throw productNotFound();
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
        200: {
          description:
            "Product, with sellerRating { average, count } (the seller's reviews) and sellerBadges as in every list, and sellerAwayUntil (the day the seller is back while on holiday, else null)",
          body: productDetailAnswer,
        },
        404: 'Product not found',
      },
    },
    async handle({ params, deps }) {
      const listing = await visibleListing(deps.readSide, params.id);
      if (!listing) throw productNotFound();
      const awayUntil = listing.hidden_by?.includes('holiday')
        ? await sellerAwayUntil(deps.readSide, listing.seller_id)
        : null;
      return productDetail(listing, awayUntil);
    },
  }),
];
