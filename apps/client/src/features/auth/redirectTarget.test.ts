import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirectTarget.ts';

describe('redirectTarget', () => {
  it('returns to the protected location the user was sent from', () => {
    expect(redirectTarget({ from: { pathname: '/checkout', search: '?a=1', hash: '' } })).toBe(
      '/checkout?a=1',
    );
    expect(redirectTarget({ from: '/orders' })).toBe('/orders');
  });
  it('goes home otherwise, and never off-site', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget({ from: '//evil.example' })).toBe('/');
    expect(redirectTarget({ from: { pathname: '/login' } })).toBe('/');
  });
});
