import { describe, expect, it } from 'vitest';
import reducer, {
  isSellerOf,
  productDeleted,
  productDeleteFailed,
  productDeleteRequested,
  productRequested,
} from './productSlice.ts';

describe('owner-only actions (docs/product.md §2.7)', () => {
  it('counts only the signed-in seller as the owner', () => {
    expect(isSellerOf({ seller_id: 'u1' }, 'u1')).toBe(true);
    expect(isSellerOf({ seller_id: 'u1' }, 'u2')).toBe(false);
    expect(isSellerOf({ seller_id: 'u1' }, null)).toBe(false);
    // A listing without a known seller is nobody's to edit from here.
    expect(isSellerOf({ seller_id: '' }, '')).toBe(false);
  });

  it('tracks the delete and forgets it when another product opens', () => {
    let state = reducer(undefined, productRequested('p1'));
    state = reducer(state, productDeleteRequested('p1'));
    expect(state.deleting).toBe(true);
    state = reducer(state, productDeleteFailed('Only the seller can delete this listing'));
    expect(state).toMatchObject({
      deleting: false,
      deleteError: 'Only the seller can delete this listing',
    });
    state = reducer(state, productDeleteRequested('p1'));
    state = reducer(state, productDeleted());
    expect(state).toMatchObject({ deleting: false, deleted: true, deleteError: null });
    state = reducer(state, productRequested('p2'));
    expect(state).toMatchObject({ deleted: false, deleting: false, deleteError: null });
  });
});
