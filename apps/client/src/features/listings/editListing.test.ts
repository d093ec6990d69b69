import { describe, expect, it } from 'vitest';
import { sampleProduct } from './fixtures.ts';
import {
  buildUpdatePayload,
  deleteIdError,
  formFromProduct,
  isValidProductId,
  joinedOrFallback,
} from './editListing.ts';

const reference = {
  brands: [{ id: 'b1', name: 'Levi', image: null }],
  categories: [{ id: 5, name: 'Outerwear', image: '', description: '', itemCount: 1 }],
};

describe('isValidProductId', () => {
  it('rejects empty, undefined and null-looking ids', () => {
    expect(isValidProductId(undefined)).toBe(false);
    expect(isValidProductId('')).toBe(false);
    expect(isValidProductId('undefined')).toBe(false);
    expect(isValidProductId('null')).toBe(false);
    expect(isValidProductId('a b')).toBe(false);
    expect(isValidProductId('3kd9x0aa1b2c')).toBe(true);
  });
  it('guards delete with the spec message', () => {
    expect(deleteIdError('undefined')).toBe('Invalid product ID - cannot delete product');
    expect(deleteIdError('p1')).toBeNull();
  });
});

describe('buildUpdatePayload', () => {
  const product = sampleProduct();
  it('keeps the reference ids and edits title, price, description and image', () => {
    const form = { ...formFromProduct(product), title: 'Blue denim jacket', price: '19.99' };
    expect(buildUpdatePayload('p1', form, product, reference)).toEqual({
      title: 'Blue denim jacket',
      price: 19.99,
      description: 'Barely worn',
      image: '/images/p1.jpg',
      photos: [],
      original_price: null,
      stock: 1,
      brand_id: 'b1',
      category_id: 5,
      color_ids: [2],
      size_ids: [3],
      condition_ids: [3],
    });
  });

  it('sends the photos in their order, the stock and the original price, at least the price', () => {
    const withPhotos = { ...product, photos: ['a'.repeat(32), 'b'.repeat(32)] };
    const form = formFromProduct(withPhotos);
    const reordered = { ...form, photos: [form.photos[1]!, form.photos[0]!], stock: '4' };
    expect(
      buildUpdatePayload('p1', { ...reordered, originalPrice: '40' }, withPhotos, reference),
    ).toMatchObject({ photos: ['b'.repeat(32), 'a'.repeat(32)], stock: 4, original_price: 40 });
    expect(buildUpdatePayload('p1', { ...form, originalPrice: '10' }, product, reference)).toBe(
      'The original price must be at least the price',
    );
    expect(buildUpdatePayload('p1', { ...form, stock: '2.5' }, product, reference)).toBe(
      'Stock must be a whole number from 0 to 10,000',
    );
    const uploading = {
      ...form,
      photos: [{ ...form.photos[0]!, status: 'uploading' as const, photoId: null }],
    };
    expect(buildUpdatePayload('p1', uploading, product, reference)).toBe(
      'Please wait until the photos have uploaded',
    );
    // A site path (a photo's or a drawn picture's) is an image URL too; other text is not.
    expect(
      buildUpdatePayload('p1', { ...form, image: '/api/photos/x/card.webp' }, product, reference),
    ).toMatchObject({ image: '/api/photos/x/card.webp' });
    expect(buildUpdatePayload('p1', { ...form, image: 'not a url' }, product, reference)).toBe(
      'The image URL must be an http(s) address or a path on this site',
    );
  });

  it('requires title, price and description', () => {
    const form = formFromProduct(product);
    const required = 'Title, price, and description are required';
    expect(buildUpdatePayload('p1', { ...form, title: ' ' }, product, reference)).toBe(required);
    expect(buildUpdatePayload('p1', { ...form, price: '' }, product, reference)).toBe(required);
    expect(buildUpdatePayload('p1', { ...form, description: '' }, product, reference)).toBe(
      required,
    );
  });

  it('refuses an invalid id', () => {
    expect(buildUpdatePayload('undefined', formFromProduct(product), product, reference)).toBe(
      'Invalid product ID - cannot update product',
    );
  });

  it('reports a brand or category that does not resolve', () => {
    const orphan = sampleProduct({ brand_id: 'gone', brand_name: 'Gone' });
    expect(buildUpdatePayload('p1', formFromProduct(orphan), orphan, reference)).toBe(
      'Could not find brand ID for Gone',
    );
    const odd = sampleProduct({ category_id: 99, category_name: 'Hats' });
    expect(buildUpdatePayload('p1', formFromProduct(odd), odd, reference)).toBe(
      'Could not find category ID for Hats',
    );
  });
});

describe('joinedOrFallback', () => {
  it("comma-joins lists and falls back to 'Not specified'", () => {
    expect(joinedOrFallback(['S', 'M'])).toBe('S, M');
    expect(joinedOrFallback([])).toBe('Not specified');
    expect(joinedOrFallback(null)).toBe('Not specified');
  });
});
