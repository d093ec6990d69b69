/** Holiday mode (docs/product.md §14.6): its longest span and the body of PUT /api/me/holiday. */
import { z } from 'zod';

/** A holiday lasts at most this many days. */
export const HOLIDAY_MAX_DAYS = 90;

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-12-24')
  .refine(
    (value) => {
      const at = Date.parse(`${value}T00:00:00.000Z`);
      return !Number.isNaN(at) && new Date(at).toISOString().startsWith(value);
    },
    {
      message: 'That date does not exist',
    },
  );

/** Body of PUT /api/me/holiday: the first day away and the day the seller is back. */
export const holidayBody = z.object({ from: day, until: day });
export type HolidayBody = z.infer<typeof holidayBody>;
