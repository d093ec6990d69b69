/**
 * The `products` search index: one document per listed listing (in stock, not deleted), kept in
 * step with the listings as they are written.
 */
import type { ReadSide, SearchSettings } from '@rewear/platform';
import { isListed, productIndexOf, type ListingDoc, type ProductSearchDoc } from './documents.ts';

export const PRODUCT_SEARCH_SETTINGS: SearchSettings = {
  searchable: ['title', 'brand_name', 'category_name', 'description'],
  filterable: [
    'category_name',
    'brand_name',
    'sizes',
    'colors',
    'conditions',
    'price_cents',
    'stock',
    'in_stock',
    'seller_id',
  ],
  sortable: ['title_key', 'price_cents', 'created_ts', 'num_likes'],
};

/** The search index document of a listed product. */
export function toSearchDoc(doc: ListingDoc): ProductSearchDoc {
  // Spelled out (not a rest spread): one object shape for every document, built fast.
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description,
    price_cents: doc.price_cents,
    original_price_cents: doc.original_price_cents,
    image: doc.image,
    gallery: doc.gallery,
    photos: doc.photos ?? [],
    brand_id: doc.brand_id,
    brand_name: doc.brand_name,
    category_id: doc.category_id,
    category_name: doc.category_name,
    condition_ids: doc.condition_ids,
    conditions: doc.conditions,
    size_ids: doc.size_ids,
    sizes: doc.sizes,
    color_ids: doc.color_ids,
    colors: doc.colors,
    stock: doc.stock,
    num_likes: doc.num_likes,
    created_at: doc.created_at,
    seller_id: doc.seller_id,
    seller_name: doc.seller_name,
    seller_photo: doc.seller_photo,
    seller_rating_sum: doc.seller_rating_sum,
    seller_rating_count: doc.seller_rating_count,
    seller_badges: doc.seller_badges ?? [],
    in_stock: doc.stock > 0,
    created_ts: Date.parse(doc.created_at) || 0,
    title_key: doc.title.toLowerCase(),
  };
}

/**
 * A listing's search document, frozen: it has one literal shape and its arrays are the listing's
 * (frozen by freezeParts), so an engine that copies what it stores keeps it as it is.
 */
const frozenSearchDoc = (doc: ListingDoc): ProductSearchDoc => Object.freeze(toSearchDoc(doc));

/**
 * Writes listings to the search index: listed ones upserted, the others removed. Parts frozen.
 * The two name different documents, so they go together: on Meilisearch both tasks are queued
 * before either is waited for, and one indexing batch usually takes both.
 */
export async function syncSearch(target: ReadSide, docs: ListingDoc[]): Promise<void> {
  const listed = docs.filter((d) => isListed(d));
  const unlisted = docs.filter((d) => !isListed(d)).map((d) => d._id);
  await Promise.all([
    listed.length ? productIndexOf(target).upsert(listed.map(frozenSearchDoc)) : null,
    unlisted.length ? productIndexOf(target).remove(unlisted) : null,
  ]);
}
