/** From read-model records (cents) to the API's Product (dollars). */
import { toDollars, type Product } from '@rewear/contracts';
import type { ListingDoc, ProductRecord, ProductSearchDoc } from '@rewear/projectors';

export function toProduct(id: string, r: ProductRecord): Product {
  return {
    product_id: id,
    id,
    title: r.title,
    description: r.description,
    price: toDollars(r.price_cents),
    original_price: r.original_price_cents === null ? null : toDollars(r.original_price_cents),
    image: r.image,
    gallery: r.gallery,
    brand_id: r.brand_id,
    brand_name: r.brand_name,
    category_id: r.category_id,
    category_name: r.category_name,
    condition_name: r.conditions[0] ?? '',
    conditions: r.conditions,
    condition_ids: r.condition_ids,
    sizes: r.sizes,
    size_ids: r.size_ids,
    colors: r.colors,
    color_ids: r.color_ids,
    stock: r.stock,
    num_likes: r.num_likes,
    created_at: r.created_at,
    seller_id: r.seller_id,
    seller_name: r.seller_name,
    seller_photo: r.seller_photo,
  };
}

export const fromSearchDoc = (doc: ProductSearchDoc) => toProduct(doc.id, doc);
export const fromListing = (doc: ListingDoc) => toProduct(doc._id, doc);

/** A listing that exists for product detail: created and not deleted (sold out still answers). */
export const isVisible = (doc: ListingDoc | null): doc is ListingDoc =>
  !!doc && !doc.deleted && doc.created_at !== '';
