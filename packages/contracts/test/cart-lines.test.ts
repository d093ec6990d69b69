import { describe, expect, it } from 'vitest';
import {
  addableQuantity,
  changeLines,
  changeQuantities,
  lineChangeOf,
  quantityAfter,
  type LineChange,
} from '../src/index.ts';

interface Line {
  id: string;
  quantity: number;
}
const idOf = (line: Line) => line.id;
const make = (id: string) => (quantity: number) => ({ id, quantity });

describe('cart line arithmetic', () => {
  it('adds, removes some or all, and sets, never below zero', () => {
    expect(quantityAfter(2, { type: 'add', quantity: 3 })).toBe(5);
    expect(quantityAfter(5, { type: 'remove', quantity: 2 })).toBe(3);
    expect(quantityAfter(5, { type: 'remove' })).toBe(0);
    expect(quantityAfter(1, { type: 'remove', quantity: 4 })).toBe(0);
    expect(quantityAfter(1, { type: 'set', quantity: 7 })).toBe(7);
    expect(quantityAfter(1, { type: 'set', quantity: -2 })).toBe(0);
  });

  it('gives the same cart in both shapes for the same changes', () => {
    const changes: Array<[string, LineChange]> = [
      ['a', { type: 'add', quantity: 2 }],
      ['b', { type: 'add', quantity: 1 }],
      ['a', { type: 'remove', quantity: 1 }],
      ['c', { type: 'set', quantity: 4 }],
      ['b', { type: 'remove' }],
      ['c', { type: 'set', quantity: 0 }],
      ['d', { type: 'add', quantity: 3 }],
    ];
    let record: Record<string, number> = {};
    let list: Line[] = [];
    for (const [id, change] of changes) {
      record = changeQuantities(record, id, change);
      list = changeLines(list, idOf, id, change, make(id));
    }
    expect(record).toEqual({ a: 1, d: 3 });
    expect(list).toEqual([
      { id: 'a', quantity: 1 },
      { id: 'd', quantity: 3 },
    ]);
    expect(Object.fromEntries(list.map((l) => [l.id, l.quantity]))).toEqual(record);
  });

  it('keeps the order of the other lines and leaves the list it was given alone', () => {
    const lines: Line[] = [
      { id: 'a', quantity: 1 },
      { id: 'b', quantity: 1 },
      { id: 'c', quantity: 1 },
    ];
    const next = changeLines(lines, idOf, 'b', { type: 'add', quantity: 1 }, make('b'));
    expect(next.map((l) => `${l.id}${l.quantity}`)).toEqual(['a1', 'b2', 'c1']);
    expect(lines[1]).toEqual({ id: 'b', quantity: 1 });
  });

  it('leaves a product not in the list out when no new line can be made', () => {
    const lines: Line[] = [{ id: 'a', quantity: 1 }];
    expect(changeLines(lines, idOf, 'z', { type: 'set', quantity: 3 })).toEqual(lines);
  });

  it('caps what can be added at what is left to buy', () => {
    expect(addableQuantity(2, 5, 4)).toBe(2);
    expect(addableQuantity(4, 1, 4)).toBe(0);
    expect(addableQuantity(5, 1, 3)).toBe(0);
  });

  it('reads the cart line events as changes', () => {
    const data = { cartId: 'c', productId: 'p', quantity: 2 };
    expect(lineChangeOf({ type: 'CartItemAdded', data })).toEqual({ type: 'add', quantity: 2 });
    expect(lineChangeOf({ type: 'CartItemRemoved', data })).toEqual({
      type: 'remove',
      quantity: 2,
    });
    expect(lineChangeOf({ type: 'CartItemQuantitySet', data })).toEqual({
      type: 'set',
      quantity: 2,
    });
  });
});
