/**
 * What the in-process engines store: deep-frozen documents, shared when already deep-frozen,
 * copied otherwise; readers get mutable copies.
 */
import { describe, expect, it } from 'vitest';
import { frozenCopy, frozenInPlace, interner, mutableCopy } from '../src/index.ts';

const deepFrozen = () =>
  Object.freeze({
    _id: 'l1',
    title: 'Wool coat',
    sizes: Object.freeze(['M', 'L']),
    price: Object.freeze({ cents: 2599, currency: 'usd' }),
    note: null,
  });

describe('frozenCopy', () => {
  it('stores a deep-frozen document as it is', () => {
    const doc = deepFrozen();
    expect(frozenCopy(doc)).toBe(doc);
  });

  it('copies a frozen document holding something that can still change, and freezes the copy', () => {
    const sizes = ['M'];
    const doc = Object.freeze({ ...deepFrozen(), sizes });
    const stored = frozenCopy(doc);
    expect(stored).not.toBe(doc);
    expect(stored).toEqual(doc);
    expect(stored.sizes).not.toBe(sizes);
    expect(Object.isFrozen(stored.sizes)).toBe(true);
    expect(stored.price).toBe(doc.price); // the frozen part is shared
    sizes.push('XL');
    expect(stored.sizes).toEqual(['M']);
  });

  it('copies a document being written field by field: frozen parts shared, the rest copied deep and frozen', () => {
    const frozenPart = Object.freeze(['M', 'L']);
    const holds = [{ orderId: 'o1', quantity: 1 }];
    // an own "__proto__" field (as JSON.parse makes) stays a field, never a prototype
    const doc: Record<string, unknown> = JSON.parse('{"__proto__": {"polluted": true}}');
    Object.assign(doc, { _id: 'l2', sizes: frozenPart, holds, note: null, stock: 0 });
    const stored = frozenCopy(doc);
    expect(stored).not.toBe(doc);
    expect(Object.isFrozen(stored)).toBe(true);
    expect(Object.getPrototypeOf(stored)).toBe(Object.prototype);
    expect(Object.keys(stored)).toEqual(Object.keys(doc));
    expect(stored['__proto__']).toEqual({ polluted: true });
    expect(stored['sizes']).toBe(frozenPart);
    expect(stored['holds']).not.toBe(holds);
    expect(Object.isFrozen((stored['holds'] as object[])[0])).toBe(true);
    holds[0]!.quantity = 5;
    doc['stock'] = 3;
    expect(stored['holds']).toEqual([{ orderId: 'o1', quantity: 1 }]);
    expect(stored['stock']).toBe(0);
  });

  it('tells apart key lists that join alike (an empty key, a key holding a NUL)', () => {
    expect(frozenCopy({ meta: { '': 1 } })).toEqual({ meta: { '': 1 } });
    expect(frozenCopy({ _id: 'y', meta: {} })).toEqual({ _id: 'y', meta: {} });
    expect(frozenCopy({ 'a\u0000b': 1 })).toEqual({ 'a\u0000b': 1 });
    expect(frozenCopy({ a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
  });

  it('leaves undefined fields out, as a document store would, even of a frozen document', () => {
    const doc = Object.freeze({ ...deepFrozen(), removed: undefined });
    const stored = frozenCopy(doc);
    expect(Object.keys(stored)).not.toContain('removed');
    expect(Object.isFrozen(stored)).toBe(true);
    const written = frozenCopy({ _id: 'l3', gone: undefined, sizes: ['S'] });
    expect(written).toEqual({ _id: 'l3', sizes: ['S'] });
    expect(Object.keys(written)).toEqual(['_id', 'sizes']);
    expect(Object.isFrozen(written.sizes)).toBe(true);
  });

  it('copies dates, which stay changeable when frozen', () => {
    const at = new Date('2026-01-01T00:00:00.000Z');
    const doc = Object.freeze({ ...deepFrozen(), at });
    const stored = frozenCopy(doc);
    expect(stored.at).not.toBe(at);
    expect(stored.at.getTime()).toBe(at.getTime());
  });
});

describe('mutableCopy', () => {
  it('hands out a deep copy a reader may change without touching the stored document', () => {
    const stored = frozenCopy(deepFrozen());
    const copy = mutableCopy(stored) as unknown as { sizes: string[]; price: { cents: number } };
    copy.sizes.push('XL');
    copy.price.cents = 1;
    expect(stored.sizes).toEqual(['M', 'L']);
    expect(stored.price.cents).toBe(2599);
  });
});

describe('frozenInPlace with an interner (documents read back from a snapshot)', () => {
  const readBack = (id: string) => ({
    _id: id,
    brand: `Free ${'People'}`,
    sizes: ['M', 'L'],
    ids: [1, 2],
    pairs: [['S', 'M']],
    price: { cents: 2599, currency: `u${'sd'}` },
    description: 'x'.repeat(200),
  });

  it('freezes every level where it is, without copying', () => {
    const doc = readBack('l1');
    const sizes = doc.sizes;
    const frozen = frozenInPlace(doc);
    expect(frozen).toBe(doc);
    expect(frozen.sizes).toBe(sizes);
    expect(Object.isFrozen(frozen) && Object.isFrozen(frozen.sizes)).toBe(true);
    expect(Object.isFrozen(frozen.price)).toBe(true);
  });

  it('shares equal texts and short lists of primitives between documents', () => {
    const intern = interner();
    const a = frozenInPlace(readBack('l1'), intern);
    const b = frozenInPlace(readBack('l2'), intern);
    expect(b.sizes).toBe(a.sizes);
    expect(b.ids).toBe(a.ids);
    expect(b.pairs[0]).toBe(a.pairs[0]);
    expect(b.price).not.toBe(a.price);
    expect(b).toEqual({ ...a, _id: 'l2' });
    expect(Object.isFrozen(b.sizes)).toBe(true);
  });

  it('keeps lists of different types apart, and long texts as they are', () => {
    const intern = interner();
    const numbers = intern.list(Object.freeze([1]));
    expect(intern.list(Object.freeze(['1']))).not.toBe(numbers);
    expect(intern.list(Object.freeze([1]))).toBe(numbers);
    const long = 'y'.repeat(100);
    expect(intern.text(long)).toBe(long);
  });
});
