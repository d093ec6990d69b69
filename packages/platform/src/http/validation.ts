/**
 * Validation at the edge: zod schemas, 400 `{ message, details }`, no MongoDB operators through,
 * nothing beyond the input limits (input-limits.ts).
 */
import { z } from 'zod';
import { badRequest } from './errors.ts';
import { assertWithinLimits } from './input-limits.ts';

/** Parses `value` with `schema` or throws 400 with a readable message and per-field details. */
export function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what = 'request',
): z.infer<S> {
  // Also refuses keys starting with "$" (e.g. `{"$gt": ""}`), walked without recursion.
  assertWithinLimits(value, what);
  const result = schema.safeParse(value);
  if (!result.success) {
    const details = result.error.issues.map((issue) => ({
      path: issue.path.join('.'),
      message: issue.message,
    }));
    const first = details[0];
    throw badRequest(
      `Invalid ${what}${first ? `: ${first.path ? `${first.path}: ` : ''}${first.message}` : ''}`,
      details,
    );
  }
  return result.data;
}
