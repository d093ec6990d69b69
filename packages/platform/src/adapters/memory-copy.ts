/**
 * Copies for the in-process engines. Stored documents are deep-frozen copies, so nothing a caller
 * keeps or receives can change the store behind its back; callers get mutable deep copies.
 * Read models hold JSON-like data (plain objects, arrays, primitives, Dates), which is all these
 * handle; they are several times faster than structuredClone on such data.
 *
 * Values `frozenCopy` produced are remembered: a document built from a stored one (`{ ...stored,
 * stock: 0 }`) shares the stored document's frozen parts instead of copying them again.
 */

const deepFrozen = new WeakSet<object>();

export function frozenCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (deepFrozen.has(value)) return value;
  let out: object;
  if (value instanceof Date) out = new Date(value.getTime());
  else if (Array.isArray(value)) {
    const items = new Array(value.length);
    for (let i = 0; i < value.length; i++) items[i] = frozenCopy(value[i]);
    out = items;
  } else {
    const fields: Record<string, unknown> = {};
    for (const key in value) {
      if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
      const field = (value as Record<string, unknown>)[key];
      if (field !== undefined) fields[key] = frozenCopy(field);
    }
    out = fields;
  }
  Object.freeze(out);
  deepFrozen.add(out);
  return out as T;
}

/** Whether `value` is (part of) a value `frozenCopy` produced, hence immutable all the way down. */
export function isDeepFrozen(value: unknown): boolean {
  return value !== null && typeof value === 'object' && deepFrozen.has(value);
}

export function mutableCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      out[i] = item === null || typeof item !== 'object' ? item : mutableCopy(item);
    }
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const field = (value as Record<string, unknown>)[key];
    out[key] = field === null || typeof field !== 'object' ? field : mutableCopy(field);
  }
  return out as T;
}
