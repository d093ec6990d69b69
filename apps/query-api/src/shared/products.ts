/**
 * Products' JSON as served, kept as bytes: the product view is the listing module's
 * (`@rewear/features/listing/queries`), written out here once per stored search document.
 */
import { LRUCache } from 'lru-cache';
import type { Product } from '@rewear/contracts';
import { fromSearchDoc, type ProductSearchDoc } from '@rewear/features/listing/queries';
import { JsonBytes } from './answers.ts';

/**
 * How many products' JSON texts are kept (about 800 bytes each: some 16 MB, outside the
 * JavaScript heap). The products of the catalogue pages browsed lately: a page first asked for
 * is then mostly assembled from products already written out for other pages (another sort,
 * the next page, a brand filter).
 */
export const PRODUCT_JSON_KEPT = 20_000;
/** And at most this many bytes: a few products with long descriptions and galleries are larger. */
const PRODUCT_JSON_BYTES = 32 * 1024 * 1024;

/**
 * Each product's JSON as served (UTF-8), by stored search document. The embedded index stores
 * frozen documents and replaces a changed one with a new object, so a kept text can never be
 * stale; documents that are not frozen (another engine's fresh copies) are written out each
 * time. Bytes rather than strings: kept strings would be copied into the old generation by the
 * garbage collector, bytes stay where they are. Least recently used out first, in constant
 * time: dropping a Map's oldest entry (its first key) grew to 3-17 µs at 20,000 entries, as
 * the map's deleted slots pile up in front of it.
 */
const productJsonByDoc = new LRUCache<ProductSearchDoc, Buffer>({
  max: PRODUCT_JSON_KEPT,
  maxSize: PRODUCT_JSON_BYTES,
  sizeCalculation: (json) => json.length,
});

/**
 * Lists longer than this are bulk reads (a crawler, an export), not browsing: they use the texts
 * kept but keep none, so that they cannot push out the products of the pages people browse. A
 * crawl of 20,000 products that did made the catalogue's next 3,000 requests 70% slower (the
 * API bench): evicted texts are freed buffers, and V8 answers those with full collections.
 */
export const LONGEST_LIST_KEPT = 100;

/**
 * The JSON of `doc` as a Product: exactly `JSON.stringify(fromSearchDoc(doc))`, in UTF-8.
 * `keep: false` writes a product not kept yet without keeping it.
 */
export function productJson(doc: ProductSearchDoc, { keep = true } = {}): Buffer {
  let json = keep ? productJsonByDoc.get(doc) : productJsonByDoc.peek(doc);
  if (json !== undefined) return json;
  const text = JSON.stringify(fromSearchDoc(doc));
  if (!keep || !Object.isFrozen(doc)) return Buffer.from(text);
  // Not from Buffer's shared 8 kB slabs: one kept text would hold its whole slab.
  json = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  json.write(text);
  productJsonByDoc.set(doc, json);
  return json;
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** The JSON array of `docs` as Products, in parts: exactly `JSON.stringify(docs.map(fromSearchDoc))`. */
export function productListParts(docs: readonly ProductSearchDoc[]): Buffer[] {
  const keep = docs.length <= LONGEST_LIST_KEPT;
  const parts: Buffer[] = [OPEN];
  for (let i = 0; i < docs.length; i++) {
    if (i > 0) parts.push(COMMA);
    parts.push(productJson(docs[i]!, { keep }));
  }
  parts.push(CLOSE);
  return parts;
}

/** The JSON array of `docs` as Products, as one answer. */
export const productListJson = (docs: readonly ProductSearchDoc[]): JsonBytes<Product[]> =>
  new JsonBytes(Buffer.concat(productListParts(docs)));
