/**
 * Copies for the in-process engines. Stored documents are deep-frozen, so nothing a caller keeps
 * or receives can change the store behind its back; callers get mutable deep copies.
 * Read models hold JSON-like data (plain objects, arrays, primitives, Dates), which is all these
 * handle; they are several times faster than structuredClone on such data.
 *
 * `frozenCopy` shares what is already deep-frozen instead of copying it: nobody can change it,
 * so a document built from a stored one (`{ ...stored, stock: 0 }`) costs one new object, not a
 * copy of every array in it. Dates are always copied (a frozen Date still has setTime).
 *
 * Objects are copied by one object literal per list of keys (compiled once per document shape):
 * copies of one shape then share one hidden class. Copying field by field into `{}`, or by a
 * spread that sees many shapes, gives wide documents a hidden class each (or a dictionary), which
 * costs hundreds of bytes per document and slows every later access.
 */

/** A key in a compiled literal: `"__proto__": v` would set the prototype, `["__proto__"]: v` defines a field. */
const literalKey = (key: string) =>
  key === '__proto__' ? `[${JSON.stringify(key)}]` : JSON.stringify(key);

function sameKeys(a: string[], b: string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Functions compiled once per list of keys (a document shape). */
class ByShape<F> {
  private readonly compiled = new Map<string, F>();
  /** The shapes used last, checked key by key before the keyed look-up (keys are interned strings). */
  private readonly recent: Array<{ keys: string[]; fn: F }> = [];
  constructor(private readonly compile: (keys: string[]) => F) {}

  for(keys: string[]): F {
    const recent = this.recent;
    for (let i = 0; i < recent.length; i++)
      if (sameKeys(recent[i]!.keys, keys)) return recent[i]!.fn;
    // JSON, not a join: keys may hold any character, and ['a\u0000b'] is not ['a', 'b'].
    const shape = JSON.stringify(keys);
    let fn = this.compiled.get(shape);
    if (!fn) {
      fn = this.compile(keys);
      if (this.compiled.size < 10_000) this.compiled.set(shape, fn);
    }
    recent.unshift({ keys, fn });
    if (recent.length > 8) recent.pop();
    return fn;
  }
}

type Copier = (source: Record<string, unknown>) => Record<string, unknown>;

/** Shallow copies of plain objects, by one literal per shape. */
const copiers = new ByShape<Copier>((keys) => {
  const fields = keys.map((key) => `${literalKey(key)}: s[${JSON.stringify(key)}]`).join(',');
  return new Function('s', `return { ${fields} };`) as Copier;
});

const shallowCopy = (source: Record<string, unknown>, keys: string[]) => copiers.for(keys)(source);

type Storer = (
  source: Record<string, unknown>,
  deep: (value: unknown) => unknown,
) => Record<string, unknown> | null;

/**
 * Copies to store, by one literal per shape: each field read once by name, nested objects and
 * arrays through `deep`; null when a field is undefined (those are left out, elsewhere). Reading
 * the fields by a computed key in a loop cost a listing's put about twice as much.
 */
const storers = new ByShape<Storer>((keys) => {
  const reads = keys.map((key, i) => `const v${i} = s[${JSON.stringify(key)}];`).join('\n');
  const undefinedField = keys.map((_, i) => `v${i} === undefined`).join(' || ') || 'false';
  const fields = keys
    .map(
      (key, i) =>
        `${literalKey(key)}: v${i} !== null && typeof v${i} === 'object' ? d(v${i}) : v${i}`,
    )
    .join(',\n');
  return new Function(
    's',
    'd',
    `${reads}\nif (${undefinedField}) return null;\nreturn { ${fields} };`,
  ) as Storer;
});

/**
 * Whether a frozen object can be stored as it is: a plain object whose fields are primitives or
 * themselves stored as they are, none undefined. Checked without listing its keys into an array
 * (the common case, a document built frozen, then allocates nothing).
 */
function isStoredAsItIs(source: Record<string, unknown>): boolean {
  const prototype: unknown = Object.getPrototypeOf(source);
  if (prototype !== Object.prototype && prototype !== null) return false;
  for (const key in source) {
    const field = source[key];
    if (field === undefined) return false;
    if (field !== null && typeof field === 'object' && frozenCopy(field) !== field) return false;
  }
  return true;
}

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
  if (Object.isFrozen(source) && isStoredAsItIs(source)) return value;
  const keys = Object.keys(source);
  const stored = storers.for(keys)(source, frozenCopy);
  if (stored !== null) return Object.freeze(stored) as T;
  // undefined fields are left out, as a document store would
  const kept = keys.filter((key) => source[key] !== undefined);
  return Object.freeze(storers.for(kept)(source, frozenCopy)!) as T;
}

/**
 * Mutable copies of stored documents are what every read returns, so a frozen document keeps,
 * from its first read on, a copier compiled for its exact layout: plain fields copied by one
 * literal, arrays of primitives by `slice`, anything else by `mutableCopy`. A frozen document's
 * layout cannot change.
 */
type Thawer = (
  source: Record<string, unknown>,
  deep: (value: unknown) => unknown,
) => Record<string, unknown>;
const thawers = new WeakMap<object, Thawer>();
const thawersByLayout = new Map<string, Thawer>();

function thawerFor(doc: Record<string, unknown>, keys: string[]): Thawer {
  const kinds = keys.map((key) => {
    const field = doc[key];
    if (field === null || typeof field !== 'object') return 'p';
    return Array.isArray(field) && field.every((item) => item === null || typeof item !== 'object')
      ? 'a'
      : 'o';
  });
  const layout = keys.map((key, i) => `${kinds[i]}${key}`).join('\u0000');
  let thawer = thawersByLayout.get(layout);
  if (!thawer) {
    const fields = keys.map((key, i) => {
      const name = JSON.stringify(key);
      const field = literalKey(key);
      if (kinds[i] === 'p') return `${field}: s[${name}]`;
      return kinds[i] === 'a' ? `${field}: s[${name}].slice()` : `${field}: d(s[${name}])`;
    });
    thawer = new Function('s', 'd', `return { ${fields.join(',')} };`) as Thawer;
    if (thawersByLayout.size < 10_000) thawersByLayout.set(layout, thawer);
  }
  return thawer;
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
  let thaw = thawers.get(value);
  if (!thaw && Object.isFrozen(value)) {
    thaw = thawerFor(value as Record<string, unknown>, Object.keys(value));
    thawers.set(value, thaw);
  }
  if (thaw) return thaw(value as Record<string, unknown>, mutableCopy) as T;
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  const out = shallowCopy(source, keys);
  for (let k = 0; k < keys.length; k++) {
    const field = out[keys[k]!];
    if (field !== null && typeof field === 'object') out[keys[k]!] = mutableCopy(field);
  }
  return out as T;
}

/** Swaps values for equal ones already held (see `interner`). */
export interface Interner {
  text(text: string): string;
  /** A frozen list of primitives: the equal frozen list already held, or this one, now held. */
  list<T>(items: readonly T[]): readonly T[];
}

/**
 * Deep-freezes a value nobody else holds (one just read back from a snapshot) where it is,
 * instead of copying it as `frozenCopy` would: at a million documents the copies were a third of
 * a restore's garbage-collection time. With an `interner`, its texts and its short lists of
 * primitives become ones already held: a snapshot's reader gives every occurrence its own.
 */
export function frozenInPlace<T>(value: T, intern?: Interner): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) {
    let primitives = true;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'string') {
        if (intern) value[i] = intern.text(item);
      } else if (item !== null && typeof item === 'object') {
        primitives = false;
        value[i] = frozenInPlace(item, intern);
      }
    }
    Object.freeze(value);
    return (intern && primitives ? intern.list(value) : value) as T;
  }
  if (!(value instanceof Date)) {
    const source = value as Record<string, unknown>;
    for (const key in source) {
      const field = source[key];
      if (typeof field === 'string') {
        if (intern) source[key] = intern.text(field);
      } else if (field !== null && typeof field === 'object')
        source[key] = frozenInPlace(field, intern);
    }
  }
  return Object.freeze(value);
}

/** Texts longer than this are rarely repeated (descriptions): not worth a table entry each. */
const INTERNED_TEXT = 40;
/** Lists longer than this are rarely repeated. */
const INTERNED_LIST = 8;

/**
 * One value per distinct text and short list while it lives, so documents read back from a
 * snapshot share their repeated names, ids, dates, sizes and colours, as documents a replay
 * builds share them.
 */
export function interner(): Interner {
  const texts = new Map<string, string>();
  const lists = new Map<string, readonly unknown[]>();
  return {
    text(text) {
      if (text.length > INTERNED_TEXT) return text;
      const held = texts.get(text);
      if (held !== undefined) return held;
      texts.set(text, text);
      return text;
    },
    list<T>(items: readonly T[]): readonly T[] {
      if (items.length > INTERNED_LIST) return items;
      // typed, so that [1] and ['1'] differ
      let key = '';
      for (const item of items) key += `${typeof item}:${String(item)}\u0000`;
      const held = lists.get(key);
      if (held !== undefined) return held as readonly T[];
      lists.set(key, items);
      return items;
    },
  };
}
