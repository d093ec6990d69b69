/** What a Web Vitals report names (web-vitals.ts), without zod: the storefront sends these. */

export const WEB_VITAL_NAMES = ['CLS', 'FCP', 'INP', 'LCP', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];
export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export const WEB_VITAL_PAGES = [
  'home',
  'catalogue',
  'search',
  'product',
  'cart',
  'checkout',
  'seller',
  'other',
] as const;
export type WebVitalPage = (typeof WEB_VITAL_PAGES)[number];

/** The kind of page a path is, for the metrics' labels (never the path itself). */
export function webVitalPageOf(path: string): WebVitalPage {
  if (path === '/' || path === '') return 'home';
  if (/^\/products\/?$/.test(path)) return 'catalogue';
  if (/^\/products\/[^/]+\/?$/.test(path)) return 'product';
  if (/^\/search\/?$/.test(path)) return 'search';
  if (/^\/cart\/?$/.test(path)) return 'cart';
  if (/^\/checkout\/?$/.test(path)) return 'checkout';
  if (/^\/sellers\/[^/]+\/?$/.test(path)) return 'seller';
  return 'other';
}
