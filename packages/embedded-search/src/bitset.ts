/** Documents as bits of 32-bit words, and the typed arrays the index grows and reuses. */

export class Bitset {
  words: Uint32Array;
  constructor(capacity: number) {
    this.words = new Uint32Array(Math.ceil(capacity / 32));
  }
  grow(capacity: number): void {
    const needed = Math.ceil(capacity / 32);
    if (needed <= this.words.length) return;
    const words = new Uint32Array(needed);
    words.set(this.words);
    this.words = words;
  }
  set(i: number): void {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }
  clear(i: number): void {
    this.words[i >>> 5]! &= ~(1 << (i & 31));
  }
  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }
}

export function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

export function growInt32(
  array: Int32Array,
  capacity: number,
  fill: number,
): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(capacity).fill(fill);
  grown.set(array);
  return grown;
}

export function growFloat64(array: Float64Array, capacity: number): Float64Array<ArrayBuffer> {
  const grown = new Float64Array(capacity).fill(NaN);
  grown.set(array);
  return grown;
}

/**
 * `array` if it holds `length` items, else a larger one. Per-query scratch: a typed array
 * past 64 bytes lives outside the JavaScript heap, and allocating one per query makes the
 * collector count external memory and start full collections early.
 */
export function roomy<A extends Uint32Array | Int32Array>(array: A, length: number): A {
  if (array.length >= length) return array;
  return new (array.constructor as new (length: number) => A)(Math.max(length, array.length * 2));
}

/** The documents of a bitset in document order (into `matches` when given). */
export function enumerate(
  bits: Uint32Array,
  length: number,
  matches = new Int32Array(length),
): Int32Array {
  let n = 0;
  for (let w = 0; w < bits.length; w++) {
    let word = bits[w]!;
    while (word !== 0) {
      const bit = 31 - Math.clz32(word & -word);
      word &= word - 1;
      matches[n++] = (w << 5) | bit;
    }
  }
  return matches.length === length ? matches : matches.subarray(0, length);
}
