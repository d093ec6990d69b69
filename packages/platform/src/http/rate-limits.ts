/**
 * Rate limits on writes: every command route counts each request against its client address
 * and, when signed in, its user; a request over any limit is answered 429 with `Retry-After` and
 * a message, before its body is read, and nothing is appended for it.
 *
 * A limit is a list of rules, `<requests>/<window>` each (`60/10s,1200/1h`: a burst allowance and
 * a sustained rate), all of which must hold. Counting is in fixed windows. The counter is in
 * memory (rate-limiter-flexible's RateLimiterMemory) on the embedded default; the command-api
 * replicas of the distributed topology share one on MongoDB (@rewear/mongodb's mongo-rate-limits.ts).
 */
import type { Middleware } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { HttpError } from './errors.ts';
import type { AppState } from './middleware.ts';
import { loggerFor } from '../logging/logger.ts';

export interface RateRule {
  /** Requests allowed in one window. */
  points: number;
  windowMs: number;
}

export interface RateLimits {
  /** Per client address (Koa's `ctx.ip`: the socket's, or the router's X-Forwarded-For with TRUST_PROXY). */
  perAddress: RateRule[];
  /** Per signed-in user (the verified uid). */
  perUser: RateRule[];
  /**
   * Stricter limits per signed-in user on the routes of one scope (a route names its scope),
   * counted apart from `perUser`: where abuse is cheap, such as offers and messages.
   */
  perUserScoped?: Record<string, RateRule[]>;
}

/**
 * Above what a shopper does (a cart's quick clicks are a few a second for a few seconds; a
 * checkout is a handful of commands), below a scripted burst: 200 newsletter subscriptions from
 * one address get 60 through. An address is shared by the people behind one NAT, so it allows
 * more than a user.
 */
export const DEFAULT_RATE_LIMITS: RateLimits = {
  perAddress: [
    { points: 60, windowMs: 10_000 },
    { points: 1200, windowMs: 3_600_000 },
  ],
  perUser: [
    { points: 30, windowMs: 10_000 },
    { points: 600, windowMs: 3_600_000 },
  ],
  // A buyer haggling makes an offer or two a minute; a conversation is a few messages a minute.
  perUserScoped: {
    offers: [{ points: 10, windowMs: 60_000 }],
    messages: [{ points: 20, windowMs: 60_000 }],
    // Reports (docs/product.md, "Reports and moderation"): per reporter, a member or a visitor's
    // email, counted by the route itself (RateLimiter.checkScope).
    reports: [
      { points: 5, windowMs: 60_000 },
      { points: 20, windowMs: 86_400_000 },
    ],
  },
};

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * Reads `60/10s,1200/1h` (units ms, s, m, h; a bare number is seconds). `off` (or `0`): no
 * limit. Unset or blank: `fallback`. Throws on anything else, so a typo does not silently
 * disable a limit.
 */
export function parseRateRules(text: string | undefined, fallback: RateRule[]): RateRule[] {
  const value = text?.trim();
  if (!value) return fallback;
  if (value === 'off' || value === '0') return [];
  return value.split(',').map((part) => {
    const match = /^\s*(\d+)\s*\/\s*(\d+(?:\.\d+)?)?\s*(ms|s|m|h)?\s*$/.exec(part);
    const points = Number(match?.[1]);
    const windowMs = Number(match?.[2] ?? 1) * UNITS[match?.[3] ?? 's']!;
    if (!match || !(points > 0) || !(windowMs >= 1))
      throw new Error(
        `Rate limit "${part.trim()}" is not <requests>/<window>, e.g. 60/10s (units ms, s, m, h)`,
      );
    return { points, windowMs: Math.round(windowMs) };
  });
}

export const formatRateRules = (rules: RateRule[]) =>
  rules.length === 0 ? 'off' : rules.map((r) => `${r.points}/${r.windowMs / 1000}s`).join(',');

export interface RateVerdict {
  allowed: boolean;
  /** Time until the window has room again (when refused), else until it ends. */
  msBeforeNext: number;
}

/** Where requests are counted: one count per key and rule. */
export interface RateCounter {
  hit(key: string, rule: RateRule): Promise<RateVerdict>;
  close(): Promise<void>;
}

/** Counts in this process's memory (rate-limiter-flexible's RateLimiterMemory, one per rule). */
export function createMemoryRateCounter(): RateCounter {
  const limiters = new Map<string, RateLimiterMemory>();
  const limiterOf = (rule: RateRule) => {
    const name = `${rule.points}/${rule.windowMs}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = new RateLimiterMemory({
        keyPrefix: name,
        points: rule.points,
        duration: rule.windowMs / 1000,
      });
      limiters.set(name, limiter);
    }
    return limiter;
  };
  return {
    async hit(key, rule) {
      try {
        const res = await limiterOf(rule).consume(key);
        return { allowed: true, msBeforeNext: res.msBeforeNext };
      } catch (refused) {
        if (refused instanceof RateLimiterRes)
          return { allowed: false, msBeforeNext: refused.msBeforeNext };
        throw refused;
      }
    },
    async close() {
      limiters.clear();
    },
  };
}

export interface RateLimiter {
  /**
   * 0 when the request may go on, else the milliseconds until it may be sent again. `scope`:
   * the route's scope, whose per-user limits (RateLimits.perUserScoped) count too.
   */
  check(caller: { address: string; user: string | null }, scope?: string): Promise<number>;
  /**
   * Counts one request of `key` (a caller the route names itself: a visitor's email) against
   * the scope's rules alone; 0 when it may go on, else the milliseconds to wait.
   */
  checkScope(key: string, scope: string): Promise<number>;
}

export interface RateLimiterOptions {
  /** Where requests are counted; in memory by default. */
  counter?: RateCounter;
  /**
   * What happens when the counter fails (its engine out of reach): the request goes on. A limit
   * protects the service; it should not stop the writes the event store can still take.
   */
  onCounterError?: (error: unknown) => void;
  /**
   * Longest wait for the counter (default 1 s); a request whose count takes longer goes on, as
   * on an error (a store out of reach would otherwise hold every command for its own timeout).
   */
  waitMs?: number;
  /**
   * Told of each refused request, with the limits it was over: 'address', 'user' or the route's
   * scope ('offers', 'messages'); metrics count them.
   */
  onRefused?: (limits: readonly string[]) => void;
}

export function createRateLimiter(
  limits: RateLimits,
  options: RateLimiterOptions = {},
): RateLimiter {
  const counter = options.counter ?? createMemoryRateCounter();
  const waitMs = options.waitMs ?? 1_000;
  let warnedAt = 0;
  const onError =
    options.onCounterError ??
    ((error: unknown) => {
      if (Date.now() - warnedAt < 60_000) return;
      warnedAt = Date.now();
      loggerFor('rate-limits').warn(
        `[rate-limits] counter unavailable, requests let through: ${(error as Error).message}`,
      );
    });
  const limiter: RateLimiter = {
    async checkScope(key, scope) {
      const rules = limits.perUserScoped?.[scope] ?? [];
      if (rules.length === 0) return 0;
      let verdicts: RateVerdict[];
      try {
        verdicts = await Promise.all(rules.map((rule) => counter.hit(`${scope}:key:${key}`, rule)));
      } catch (error) {
        onError(error);
        return 0;
      }
      const refused = verdicts.filter((v) => !v.allowed);
      if (refused.length === 0) return 0;
      options.onRefused?.([scope]);
      return Math.max(1, ...refused.map((v) => v.msBeforeNext));
    },
    async check({ address, user }, scope) {
      const scoped = scope === undefined ? [] : (limits.perUserScoped?.[scope] ?? []);
      const hits = [
        ...limits.perAddress.map((rule) => counter.hit(`address:${address}`, rule)),
        ...(user === null ? [] : limits.perUser.map((rule) => counter.hit(`user:${user}`, rule))),
        ...(user === null ? [] : scoped.map((rule) => counter.hit(`${scope}:user:${user}`, rule))),
      ];
      if (hits.length === 0) return 0;
      let verdicts: RateVerdict[] | 'late';
      let timer: NodeJS.Timeout | undefined;
      try {
        verdicts = await Promise.race([
          Promise.all(hits),
          new Promise<'late'>((resolve) => {
            timer = setTimeout(() => resolve('late'), waitMs);
          }),
        ]);
      } catch (error) {
        onError(error);
        return 0;
      } finally {
        clearTimeout(timer);
      }
      if (verdicts === 'late') {
        // Still counted when the store answers; a failure then is reported, not thrown.
        Promise.all(hits).catch(onError);
        onError(new Error(`no count within ${waitMs} ms`));
        return 0;
      }
      const refused = verdicts.filter((v) => !v.allowed);
      if (refused.length === 0) return 0;
      if (options.onRefused) {
        // The verdicts are in the order of the hits: address rules, user rules, scoped rules.
        const kinds = [
          ...limits.perAddress.map(() => 'address'),
          ...(user === null ? [] : limits.perUser.map(() => 'user')),
          ...(user === null ? [] : scoped.map(() => scope!)),
        ];
        options.onRefused([...new Set(kinds.filter((_, i) => !verdicts[i]!.allowed))]);
      }
      return Math.max(1, ...refused.map((v) => v.msBeforeNext));
    },
  };
  return limiter;
}

export const tooManyRequestsMessage = (seconds: number) =>
  `Too many requests. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;

/**
 * Counts the request against its address and user; over a limit: 429, `Retry-After` (whole
 * seconds, at least 1) and a message saying how long to wait. Place after the caller is known.
 * `scope`: the route's scope, with its own stricter per-user limits.
 */
export function rateLimit(limiter: RateLimiter, scope?: string): Middleware<AppState> {
  return async (ctx, next) => {
    const waitMs = await limiter.check(
      { address: ctx.ip, user: ctx.state.user?.uid ?? null },
      scope,
    );
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      ctx.set('Retry-After', String(seconds));
      throw new HttpError(429, tooManyRequestsMessage(seconds));
    }
    await next();
  };
}
