/**
 * What the in-process engines store: deep-frozen documents, shared when already deep-frozen,
 * copied otherwise; readers get mutable copies.
 */
import { describe, expect, it } from 'vitest';
import { frozenCopy, mutableCopy } from '../src/adapters/memory-copy.ts';

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

  it('leaves undefined fields out, as a document store would, even of a frozen document', () => {
    const doc = Object.freeze({ ...deepFrozen(), removed: undefined });
    const stored = frozenCopy(doc);
    expect(Object.keys(stored)).not.toContain('removed');
    expect(Object.isFrozen(stored)).toBe(true);
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
