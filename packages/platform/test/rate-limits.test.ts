import { describe, expect, it } from 'vitest';
import {
  createRateLimiter,
  DEFAULT_RATE_LIMITS,
  formatRateRules,
  parseRateRules,
  type RateCounter,
} from '../src/http/rate-limits.ts';
import { loadConfig } from '../src/config.ts';

describe('rate-limit rules', () => {
  it('reads <requests>/<window> lists, off, and the defaults when unset', () => {
    expect(parseRateRules('60/10s,1200/1h', [])).toEqual([
      { points: 60, windowMs: 10_000 },
      { points: 1200, windowMs: 3_600_000 },
    ]);
    expect(parseRateRules('5/500ms, 100/2m', [])).toEqual([
      { points: 5, windowMs: 500 },
      { points: 100, windowMs: 120_000 },
    ]);
    expect(parseRateRules('off', DEFAULT_RATE_LIMITS.perUser)).toEqual([]);
    expect(parseRateRules(undefined, DEFAULT_RATE_LIMITS.perUser)).toBe(
      DEFAULT_RATE_LIMITS.perUser,
    );
    expect(() => parseRateRules('60 per minute', [])).toThrow(/not <requests>\/<window>/);
    expect(() => parseRateRules('0/10s', [])).toThrow();
    expect(formatRateRules(DEFAULT_RATE_LIMITS.perAddress)).toBe('60/10s,1200/3600s');
  });

  it('comes from RATE_LIMIT_PER_ADDRESS, RATE_LIMIT_PER_USER, RATE_LIMIT_OFFERS, RATE_LIMIT_MESSAGES and RATE_LIMIT_REPORTS', () => {
    expect(loadConfig({}).rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(
      loadConfig({
        RATE_LIMIT_PER_ADDRESS: '10/1s',
        RATE_LIMIT_PER_USER: 'off',
        RATE_LIMIT_OFFERS: '2/1m',
        RATE_LIMIT_MESSAGES: 'off',
        RATE_LIMIT_REPORTS: '3/1m,10/24h',
      }).rateLimits,
    ).toEqual({
      perAddress: [{ points: 10, windowMs: 1000 }],
      perUser: [],
      perUserScoped: {
        offers: [{ points: 2, windowMs: 60_000 }],
        messages: [],
        reports: [
          { points: 3, windowMs: 60_000 },
          { points: 10, windowMs: 86_400_000 },
        ],
      },
    });
  });

  it('counts a caller the route names (a reporter) against the scope’s rules alone', async () => {
    const limiter = createRateLimiter({
      perAddress: [{ points: 1, windowMs: 60_000 }],
      perUser: [{ points: 1, windowMs: 60_000 }],
      perUserScoped: { reports: [{ points: 2, windowMs: 60_000 }] },
    });
    expect(await limiter.checkScope('email:ada@example.com', 'reports')).toBe(0);
    expect(await limiter.checkScope('email:ada@example.com', 'reports')).toBe(0);
    expect(await limiter.checkScope('email:ada@example.com', 'reports')).toBeGreaterThan(0);
    expect(await limiter.checkScope('email:bob@example.com', 'reports')).toBe(0);
    // The address and user limits are not spent by it; a scope without rules is not limited.
    expect(await limiter.check({ address: '10.0.0.1', user: 'ada' })).toBe(0);
    expect(await limiter.checkScope('ada', 'offers')).toBe(0);
  });

  it('counts a scope’s per-user limit apart from the general one', async () => {
    const limiter = createRateLimiter({
      perAddress: [],
      perUser: [{ points: 100, windowMs: 60_000 }],
      perUserScoped: { offers: [{ points: 2, windowMs: 60_000 }] },
    });
    const ada = { address: '10.0.0.1', user: 'ada' };
    expect(await limiter.check(ada, 'offers')).toBe(0);
    expect(await limiter.check(ada, 'offers')).toBe(0);
    expect(await limiter.check(ada, 'offers')).toBeGreaterThan(0);
    // Other routes, and another user's offers, are not held back by Ada's offers.
    expect(await limiter.check(ada)).toBe(0);
    expect(await limiter.check({ address: '10.0.0.1', user: 'bob' }, 'offers')).toBe(0);
  });
});

describe('rate limiter', () => {
  it('refuses the N+1-th request of an address or a user, with the time to wait', async () => {
    const limiter = createRateLimiter({
      perAddress: [{ points: 3, windowMs: 60_000 }],
      perUser: [{ points: 2, windowMs: 60_000 }],
    });
    for (let i = 0; i < 3; i++) expect(await limiter.check({ address: 'a', user: null })).toBe(0);
    const wait = await limiter.check({ address: 'a', user: null });
    expect(wait).toBeGreaterThan(59_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await limiter.check({ address: 'b', user: 'u1' })).toBe(0);
    expect(await limiter.check({ address: 'c', user: 'u1' })).toBe(0);
    expect(await limiter.check({ address: 'd', user: 'u1' })).toBeGreaterThan(0);
    expect(await limiter.check({ address: 'd', user: 'u2' })).toBe(0);
  });

  it('lets requests through when the counter fails or does not answer in time', async () => {
    const errors: unknown[] = [];
    const failing: RateCounter = {
      hit: () => Promise.reject(new Error('store down')),
      close: async () => {},
    };
    const silent: RateCounter = { hit: () => new Promise(() => {}), close: async () => {} };
    const rule = [{ points: 1, windowMs: 60_000 }];
    const onCounterError = (error: unknown) => errors.push(error);
    const down = createRateLimiter(
      { perAddress: rule, perUser: [] },
      { counter: failing, onCounterError },
    );
    expect(await down.check({ address: 'a', user: null })).toBe(0);
    const slow = createRateLimiter(
      { perAddress: rule, perUser: [] },
      { counter: silent, onCounterError, waitMs: 50 },
    );
    const started = Date.now();
    expect(await slow.check({ address: 'a', user: null })).toBe(0);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(errors.map((e) => (e as Error).message)).toEqual([
      'store down',
      'no count within 50 ms',
    ]);
  });
});
