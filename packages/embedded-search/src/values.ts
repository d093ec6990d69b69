/** A document's field values as the index compares and reads them. */

/** The same primitive, or arrays of the same primitives (what decides whether to re-index). */
export function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (!Array.isArray(x) || !Array.isArray(y) || x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/** The values of a field, nested lists flattened; a flat list as it is (read only, never copied). */
export function valuesOf(value: unknown): readonly unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return [value];
  for (let i = 0; i < value.length; i++) if (Array.isArray(value[i])) return value.flat();
  return value;
}
