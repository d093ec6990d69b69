/** Validation at the edge: zod schemas, 400 `{ message, details }`, no MongoDB operators through. */
import { z } from 'zod';
import { badRequest } from './errors.ts';

/** True if any object key anywhere in `value` starts with `$` (e.g. `{"$gt": ""}`). */
export function containsOperatorKeys(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(containsOperatorKeys);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(
      ([key, inner]) => key.startsWith('$') || containsOperatorKeys(inner),
    );
  }
  return false;
}

/** Parses `value` with `schema` or throws 400 with a readable message and per-field details. */
export function parse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what = 'request',
): z.infer<S> {
  if (containsOperatorKeys(value)) {
    throw badRequest(`Invalid ${what}: keys starting with "$" are not allowed`);
  }
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
