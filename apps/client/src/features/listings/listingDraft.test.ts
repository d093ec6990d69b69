import { describe, expect, it } from 'vitest';
import {
  buildListingPayload,
  createListingErrorMessage,
  emptyDraft,
  filterBrands,
  findBrandByName,
  isStepValid,
  parsePrice,
  type ListingDraft,
} from './listingDraft.ts';

const complete: ListingDraft = {
  ...emptyDraft(),
  title: ' Denim jacket ',
  description: 'Barely worn',
  price: '24.50',
  brandId: 'b1',
  brandName: 'Levi',
  categoryId: 5,
  conditionId: 3,
  colorIds: [7, 2],
  sizeIds: [3],
  image: 'https://example.com/jacket.jpg',
};

describe('wizard validation', () => {
  it('enables Continue on step 1 only with title, description and a price', () => {
    expect(isStepValid(1, emptyDraft())).toBe(false);
    expect(isStepValid(1, { ...complete, title: '  ' })).toBe(false);
    expect(isStepValid(1, { ...complete, description: '' })).toBe(false);
    expect(isStepValid(1, { ...complete, price: '' })).toBe(false);
    expect(isStepValid(1, { ...complete, price: '-1' })).toBe(false);
    expect(isStepValid(1, { ...complete, price: '0' })).toBe(true);
    expect(isStepValid(1, complete)).toBe(true);
  });

  it('enables Continue on step 2 only with brand, category and a condition', () => {
    expect(isStepValid(2, { ...complete, brandId: null })).toBe(false);
    expect(isStepValid(2, { ...complete, categoryId: null })).toBe(false);
    expect(isStepValid(2, { ...complete, conditionId: null })).toBe(false);
    expect(isStepValid(2, complete)).toBe(true);
  });

  it('keeps colors, sizes and image optional on step 3 but rejects a non-URL image', () => {
    expect(isStepValid(3, { ...complete, image: '', colorIds: [], sizeIds: [] })).toBe(true);
    expect(isStepValid(3, { ...complete, image: 'not a url' })).toBe(false);
    expect(isStepValid(3, { ...complete, image: 'javascript:alert(1)' })).toBe(false);
  });

  it('reads prices with at most two decimals', () => {
    expect(parsePrice('12.5')).toBe(12.5);
    expect(parsePrice('12.345')).toBeNull();
    expect(parsePrice('abc')).toBeNull();
  });
});

describe('buildListingPayload', () => {
  it('builds the new listing payload with one condition id and the seller', () => {
    expect(buildListingPayload(complete, 'u1')).toEqual({
      title: 'Denim jacket',
      price: 24.5,
      description: 'Barely worn',
      brand_id: 'b1',
      category_id: 5,
      condition_ids: [3],
      size_ids: [3],
      color_ids: [2, 7],
      image: 'https://example.com/jacket.jpg',
      original_price: null,
      stock: 1,
      seller_id: 'u1',
    });
  });

  it('sends the uploaded photos in order, the stock and an original price of at least the price', () => {
    const photo = (id: string, status: 'ready' | 'failed' = 'ready') => ({
      key: id,
      name: `${id}.jpg`,
      photoId: status === 'ready' ? id : null,
      status,
      error: null,
    });
    const draft = {
      ...complete,
      stock: '3',
      originalPrice: '60',
      photos: [photo('b'), photo('x', 'failed'), photo('a')],
    };
    expect(buildListingPayload(draft, 'u1')).toMatchObject({
      photos: ['b', 'a'],
      stock: 3,
      original_price: 60,
    });
    expect(buildListingPayload({ ...draft, originalPrice: '10' }, 'u1')).toBeNull();
    expect(isStepValid(1, { ...draft, originalPrice: '10' })).toBe(false);
    expect(isStepValid(1, { ...draft, stock: '0' })).toBe(false);
    expect(
      isStepValid(3, { ...draft, photos: [{ ...photo('c'), status: 'uploading', photoId: null }] }),
    ).toBe(false);
  });

  it('refuses an incomplete draft', () => {
    expect(buildListingPayload({ ...complete, conditionId: null }, 'u1')).toBeNull();
  });
});

describe('createListingErrorMessage', () => {
  it('maps reference errors to the spec texts', () => {
    expect(createListingErrorMessage('Unknown seller_id')).toBe(
      'Please sign in with a valid account to create listings.',
    );
    expect(createListingErrorMessage('Brand not found')).toBe(
      'Selected brand is invalid. Please try selecting a different brand.',
    );
    expect(createListingErrorMessage('category_id: unknown category')).toBe(
      'Selected category is invalid. Please try selecting a different category.',
    );
    expect(createListingErrorMessage('Title is too long')).toBe('Title is too long');
    expect(createListingErrorMessage('')).toBe('Failed to create product');
  });
});

describe('brand picker', () => {
  const brands = [{ name: 'Nike' }, { name: 'Zara' }, { name: 'New Balance' }];
  it('finds an existing brand by trimmed, case-insensitive name', () => {
    expect(findBrandByName(brands, '  nike ')).toEqual({ name: 'Nike' });
    expect(findBrandByName(brands, 'Adidas')).toBeUndefined();
  });
  it('filters the list as the user types', () => {
    expect(filterBrands(brands, 'n').map((b) => b.name)).toEqual(['Nike', 'New Balance']);
  });
});
