/**
 * Copies for the in-process engines. Stored documents are deep-frozen, so nothing a caller keeps
 * or receives can change the store behind its back; callers get mutable deep copies.
 * Read models hold JSON-like data (plain objects, arrays, primitives, Dates), which is all these
 * handle; they are several times faster than structuredClone on such data.
 *
 * `frozenCopy` shares what is already deep-frozen instead of copying it: nobody can change it,
 * so a document built from a stored one (`{ ...stored, stock: 0 }`) costs one new object, not a
 * copy of every array in it. Dates are always copied (a frozen Date still has setTime).
 */

export function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return Object.freeze(new Date(value.getTime())) as T;
  if (Array.isArray(value)) {
    let out: unknown[] | null = Object.isFrozen(value) ? null : value.slice();
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === null || typeof item !== 'object') continue;
      const copy = frozenCopy(item);
      if (copy !== item) (out ??= value.slice())[i] = copy;
    }
    return (out ? Object.freeze(out) : value) as T;
  }
  const source = value as Record<string, unknown>;
  let out: Record<string, unknown> | null = Object.isFrozen(value) ? null : {};
  const keys = Object.keys(source);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    const field = source[key];
    if (field === undefined) {
      // undefined fields are left out, as a document store would
      if (!out) out = { ...source };
      delete out[key];
      continue;
    }
    const copy = field === null || typeof field !== 'object' ? field : frozenCopy(field);
    if (out) out[key] = copy;
    else if (copy !== field) {
      out = { ...source };
      out[key] = copy;
    }
  }
  return (out ? Object.freeze(out) : value) as T;
}

export function mutableCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) {
    const out = value.slice();
    for (let i = 0; i < out.length; i++) {
      const item: unknown = out[i];
      if (item !== null && typeof item === 'object') out[i] = mutableCopy(item);
    }
    return out as T;
  }
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const keys = Object.keys(source);
  for (let k = 0; k < keys.length; k++) {
    const key = keys[k]!;
    const field = source[key];
    out[key] = field === null || typeof field !== 'object' ? field : mutableCopy(field);
  }
  return out as T;
}
