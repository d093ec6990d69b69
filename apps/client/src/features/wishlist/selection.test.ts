import { describe, expect, it } from 'vitest';
import { allOrNone, stillSaved, toggled } from './selection.ts';

const items = [{ product_id: 'a' }, { product_id: 'b' }, { product_id: 'c' }];

describe('wishlist selection', () => {
  it('toggles one item', () => {
    expect(toggled([], 'a')).toEqual(['a']);
    expect(toggled(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('keeps only items still saved, in the list order', () => {
    expect(stillSaved(['c', 'gone', 'a'], items)).toEqual(['a', 'c']);
  });

  it('selects all, or none once all are selected', () => {
    expect(allOrNone(['a'], items)).toEqual(['a', 'b', 'c']);
    expect(allOrNone(['a', 'b', 'c'], items)).toEqual([]);
    expect(allOrNone(['a', 'b', 'c', 'gone'], items)).toEqual([]);
  });
});
