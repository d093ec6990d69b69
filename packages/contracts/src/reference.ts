/** Fixed reference lists (docs/product.md §3) and the business constants (§9). */

export interface ReferenceItem {
  id: number;
  name: string;
}

export const COLORS: readonly ReferenceItem[] = [
  { id: 1, name: 'red' },
  { id: 2, name: 'blue' },
  { id: 3, name: 'green' },
  { id: 4, name: 'yellow' },
  { id: 5, name: 'orange' },
  { id: 6, name: 'pink' },
  { id: 7, name: 'black' },
  { id: 8, name: 'white' },
];

export const SIZES: readonly ReferenceItem[] = [
  { id: 1, name: 'XS' },
  { id: 2, name: 'Small' },
  { id: 3, name: 'Medium' },
  { id: 4, name: 'L' },
  { id: 5, name: 'XL' },
  { id: 6, name: 'XXL' },
];

export interface Condition extends ReferenceItem {
  description: string;
}

export const CONDITIONS: readonly Condition[] = [
  { id: 1, name: 'NWT', description: 'New with tags: never worn, original tags attached' },
  { id: 2, name: 'NWOT', description: 'New without tags: never worn, tags removed' },
  { id: 3, name: 'Good', description: 'Worn a few times, no visible flaws' },
  { id: 4, name: 'Gently Used', description: 'Light signs of wear, well cared for' },
  { id: 5, name: 'Fair', description: 'Visible wear or small flaws, priced accordingly' },
];

export interface Category extends ReferenceItem {
  description: string;
  /** Path of the category picture served by the storefront. */
  image: string;
}

const category = (id: number, name: string, description: string): Category => ({
  id,
  name,
  description,
  image: `/images/categories/${id}.svg`,
});

/** Categories are a fixed list: sellers pick one, nobody creates new ones. */
export const CATEGORIES: readonly Category[] = [
  category(1, 'Tops', 'T-shirts, blouses and shirts'),
  category(2, 'Dresses', 'Day, evening and summer dresses'),
  category(3, 'Shoes', 'Sneakers, boots, heels and flats'),
  category(4, 'Accessories', 'Belts, scarves, hats and jewellery'),
  category(5, 'Outerwear', 'Coats, jackets and blazers'),
  category(6, 'Jeans', 'Denim in every cut'),
  category(7, 'Skirts', 'Mini, midi and maxi skirts'),
  category(8, 'Knitwear', 'Jumpers, cardigans and knits'),
  category(9, 'Activewear', 'Leggings, sports tops and trainers'),
  category(10, 'Bags', 'Totes, backpacks and clutches'),
];

/** Brands favoured by the featured-product score and shown in the brand spotlight (§4, §9). */
export const FAVOURED_BRANDS = ['Nike', 'Zara', 'H&M', 'Gap', 'Lululemon', 'J.Crew'] as const;
export const FAVOURED_CATEGORIES = ['Tops', 'Dresses', 'Shoes', 'Accessories'] as const;

export const LIMITS = {
  cartRetryAttempts: 3,
  cartRetryBaseDelayMs: 1000,
  cartBackupKey: 'ecart_cart_backup',
  cataloguePageSize: 20,
  paginationMarginPages: 3,
  paginationPagesAroundCurrent: 2,
  filterDebounceMs: 300,
  searchDebounceMs: 300,
  searchMinLength: 2,
  maxSuggestions: 6,
  recommendationsDefault: 4,
  defaultPriceRange: { minPrice: 0, maxPrice: 1000 },
  publicCollectionsDefault: 20,
  redirectAfterPaymentMs: 1500,
  invalidIdRedirectMs: 2000,
  newsletterMessageMs: 5000,
  brandSpotlightMax: 6,
  mobileBreakpointPx: 768,
  reservationTtlMs: 15 * 60 * 1000,
} as const;

export const COLLECTION_SIZES = {
  trending_hits: 20,
  hidden_gems: 15,
  style_steals: 20,
  fresh_drops: 18,
  curator_picks: 12,
  weekend_vibes: 16,
  investment_pieces: 10,
} as const;

export type CollectionId = keyof typeof COLLECTION_SIZES;

export const colorName = (id: number) => COLORS.find((c) => c.id === id)?.name;
export const sizeName = (id: number) => SIZES.find((s) => s.id === id)?.name;
export const conditionName = (id: number) => CONDITIONS.find((c) => c.id === id)?.name;
export const categoryById = (id: number) => CATEGORIES.find((c) => c.id === id);
