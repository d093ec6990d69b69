/**
 * Product lists written from each product's kept JSON text: the same bytes as serialising the
 * Products, a changed product (a new stored document) written anew, and a document that is
 * not frozen never kept.
 */
import { describe, expect, it } from 'vitest';
import type { ProductSearchDoc } from '@rewear/features/listing/projection';
import { jsonWithMember } from '../src/shared/answers.ts';
import { fromSearchDoc } from '@rewear/features/listing/queries';
import {
  LONGEST_LIST_KEPT,
  PRODUCT_JSON_KEPT,
  productJson as productJsonBytes,
  productListJson as productListAnswer,
  productListParts,
} from '../src/shared/products.ts';

const productJson = (doc: ProductSearchDoc) => productJsonBytes(doc).toString('utf8');
const productListJson = (docs: ProductSearchDoc[]) =>
  Buffer.concat(productListParts(docs)).toString('utf8');

function searchDoc(id: string, changes: Partial<ProductSearchDoc> = {}): ProductSearchDoc {
  return {
    id,
    title: `Café "Crème" jacket ${id}`,
    description: 'Line one\nline two \u2028 with a back\\slash and an emoji 🧥',
    price_cents: 2599,
    original_price_cents: null,
    image: '/images/garments/outerwear/beige.svg',
    gallery: ['/images/garments/outerwear/beige.svg', '/images/garments/outerwear/black.svg'],
    brand_id: 'brand-1',
    brand_name: 'H&M',
    category_id: 5,
    category_name: 'Outerwear',
    condition_ids: [2],
    conditions: ['Like new'],
    size_ids: [3],
    sizes: ['M'],
    color_ids: [9, 1],
    colors: ['Beige', 'Black'],
    stock: 1,
    num_likes: 4,
    created_at: '2026-10-01T10:00:00.000Z',
    seller_id: 'seller-1',
    seller_name: 'Zoë',
    seller_photo: null,
    seller_rating_sum: 9,
    seller_rating_count: 2,
    in_stock: true,
    created_ts: Date.parse('2026-10-01T10:00:00.000Z'),
    title_key: `café "crème" jacket ${id}`,
    ...changes,
  };
}

const frozen = (doc: ProductSearchDoc) => Object.freeze(doc);

describe('product JSON', () => {
  it('writes exactly what serialising the Products writes', () => {
    const docs = [
      frozen(searchDoc('a')),
      frozen(searchDoc('b', { original_price_cents: 5000, gallery: [], seller_photo: '/p.svg' })),
      frozen(searchDoc('c', { conditions: [], price_cents: 1 })),
    ];
    const expected = JSON.stringify(docs.map(fromSearchDoc));
    expect(productListJson(docs)).toBe(expected);
    // the second time from the kept texts
    expect(productListJson(docs)).toBe(expected);
    expect(productListJson([])).toBe('[]');
    expect(productListAnswer(docs).bytes.toString('utf8')).toBe(expected);
    expect(JSON.parse(productListJson(docs))[1].original_price).toBe(50);
  });

  it('writes a changed product anew: the index stores a new document for it', () => {
    const before = frozen(searchDoc('d'));
    expect(JSON.parse(productJson(before)).price).toBe(25.99);
    const after = frozen(searchDoc('d', { price_cents: 1999, stock: 0 }));
    const product = JSON.parse(productJson(after));
    expect(product.price).toBe(19.99);
    expect(product.stock).toBe(0);
  });

  it('keeps nothing of a document that is not frozen (another engine hands out fresh copies)', () => {
    const doc = searchDoc('e');
    expect(JSON.parse(productJson(doc)).num_likes).toBe(4);
    doc.num_likes = 5;
    expect(JSON.parse(productJson(doc)).num_likes).toBe(5);
  });

  it('still writes the right text once the oldest kept ones are dropped', () => {
    const first = frozen(searchDoc('first'));
    const firstJson = productJson(first);
    for (let i = 0; i < PRODUCT_JSON_KEPT + 10; i++) productJson(frozen(searchDoc(`filler-${i}`)));
    expect(productJson(first)).toBe(firstJson);
    expect(productJson(first)).toBe(JSON.stringify(fromSearchDoc(first)));
  });
});

describe('bulk lists', () => {
  it('use the texts kept but keep none: a crawl cannot push out the pages browsed', () => {
    const browsed = Array.from({ length: 20 }, (_, i) => frozen(searchDoc(`browsed-${i}`)));
    const bulk = Array.from({ length: LONGEST_LIST_KEPT + 1 }, (_, i) =>
      frozen(searchDoc(`bulk-${i}`)),
    );
    const browsedParts = productListParts(browsed);
    // A page browsed again is written from the same kept bytes.
    expect(productListParts(browsed)).toEqual(browsedParts);
    productListParts(browsed).forEach((part, i) => expect(part).toBe(browsedParts[i]));

    const bulkParts = productListParts([...bulk.slice(0, -1), browsed[0]!]);
    expect(Buffer.concat(bulkParts).toString('utf8')).toBe(
      JSON.stringify([...bulk.slice(0, -1), browsed[0]!].map(fromSearchDoc)),
    );
    // The browsed product came from its kept text; the bulk ones were written and not kept.
    expect(bulkParts.at(-2)).toBe(browsedParts[1]);
    const again = productListParts([...bulk.slice(0, -1), browsed[0]!]);
    expect(again[1]).not.toBe(bulkParts[1]);
    expect(again[1]).toEqual(bulkParts[1]);
    // The same products in a page-sized list are kept from then on.
    const page = productListParts(bulk.slice(0, 20));
    expect(productListParts(bulk.slice(0, 20))[1]).toBe(page[1]);
  });
});

describe('jsonWithMember', () => {
  it('is the JSON of the object with that member first', () => {
    const products = [fromSearchDoc(searchDoc('f'))];
    const rest = { total: 1, page: 1, pageSize: 20, facets: { sizes: [{ name: 'M', count: 1 }] } };
    const parts = [Buffer.from('[' + JSON.stringify(products).slice(1, -1)), Buffer.from(']')];
    expect(jsonWithMember('products', parts, rest).bytes.toString('utf8')).toBe(
      JSON.stringify({ products, ...rest }),
    );
    expect(jsonWithMember('products', [Buffer.from('[]')], {}).bytes.toString('utf8')).toBe(
      '{"products":[]}',
    );
  });
});
