/** Query and path parameter schemas: strings from the URL, validated and converted at the edge. */
import { z } from 'zod';
import { CATEGORIES, COLORS, CONDITIONS, SIZES, type ReferenceItem } from '@rewear/contracts';

const noOperator = (v: string) => !v.startsWith('$');
const OPERATOR_MESSAGE = 'must not start with "$"';

/** Free text from a query string (search terms, names). */
export const text = (max = 200) => z.string().trim().max(max).refine(noOperator, OPERATOR_MESSAGE);

/** An id in a path. */
export const idParam = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:@|-]+$/, 'must be an id');

/**
 * A whole number within bounds, with a default when absent. Documented as the integer it is
 * read as, bounds included: the string schema alone said any digits would do.
 */
export const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .meta({ type: 'integer', minimum: min, maximum: max });

/** A dollar amount (up to 2 decimals) converted to cents. */
export const dollarsToCents = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be a dollar amount like 25 or 19.99')
  .transform((v) => Math.round(Number(v) * 100));

/** A list of reference names: repeated parameters or comma-separated, matched case-insensitively. */
function referenceNames(items: readonly ReferenceItem[], what: string) {
  const byLower = new Map(items.map((i) => [i.name.toLowerCase(), i.name]));
  return z
    .union([z.string(), z.array(z.string()).max(20)])
    .transform((v) =>
      (Array.isArray(v) ? v : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .transform((names, ctx) => {
      const canonical: string[] = [];
      for (const name of names) {
        const match = byLower.get(name.toLowerCase());
        if (!match) {
          ctx.addIssue({
            code: 'custom',
            message: `unknown ${what} "${name.slice(0, 40)}"; one of ${items.map((i) => i.name).join(', ')}`,
          });
          return z.NEVER;
        }
        if (!canonical.includes(match)) canonical.push(match);
      }
      return canonical;
    });
}

export const sizesParam = referenceNames(SIZES, 'size');
export const colorsParam = referenceNames(COLORS, 'color');
export const conditionsParam = referenceNames(CONDITIONS, 'condition');

/** A category by name (case-insensitive), canonicalised. Unknown names are kept so they match nothing. */
export const categoryParam = text(100).transform(
  (v) => CATEGORIES.find((c) => c.name.toLowerCase() === v.toLowerCase())?.name ?? v,
);

export const brandParam = text(100);

/** Category and brand narrowing shared by the catalogue's facet endpoints. */
export const scopeQuery = z.object({
  category: categoryParam.optional(),
  brand: brandParam.optional(),
});
