/**
 * Copies for the in-process engines. Stored documents are deep-frozen copies, so nothing a caller
 * keeps or receives can change the store behind its back; callers get mutable deep copies.
 * Read models hold JSON-like data (plain objects, arrays, primitives, Dates), which is all these
 * handle; they are several times faster than structuredClone on such data.
 */

export function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return Object.freeze(new Date(value.getTime())) as T;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = frozenCopy(value[i]);
    return Object.freeze(out) as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) out[key] = frozenCopy(field);
  }
  return Object.freeze(out) as T;
}

export function mutableCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = mutableCopy(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) out[key] = mutableCopy((value as Record<string, unknown>)[key]);
  return out as T;
}
