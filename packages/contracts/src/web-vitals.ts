/**
 * Real-user timing (docs/operations.md, Web Vitals): the storefront reports its pages' Web Vitals
 * to POST /api/vitals, which counts them in the operators' metrics. The page is a kind of page,
 * never its address: no listing, user or query reaches a metric's labels.
 */
import { z } from 'zod';
import { WEB_VITAL_NAMES, WEB_VITAL_PAGES, WEB_VITAL_RATINGS } from './web-vital-pages.ts';

export * from './web-vital-pages.ts';

/** The largest value taken: a minute for the timings (ms), 100 for the layout shift score. */
export const WEB_VITAL_MAX_VALUE = 60_000;

export const webVitalsBody = z
  .object({
    page: z.enum(WEB_VITAL_PAGES),
    metrics: z
      .array(
        z
          .object({
            name: z.enum(WEB_VITAL_NAMES),
            value: z.number().finite().min(0).max(WEB_VITAL_MAX_VALUE),
            rating: z.enum(WEB_VITAL_RATINGS),
          })
          .strict(),
      )
      .min(1)
      .max(WEB_VITAL_NAMES.length),
  })
  .strict();
export type WebVitalsBody = z.infer<typeof webVitalsBody>;
