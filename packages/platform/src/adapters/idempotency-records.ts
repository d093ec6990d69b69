/**
 * The rules every idempotency store applies to the claims of one key; the stores differ only in
 * how they keep them and make taking a key atomic.
 */
import type { IdempotencyStoreOptions, StoredAnswer } from '@rewear/ports';
import { IDEMPOTENCY_LEASE_MS, IDEMPOTENCY_TTL_MS } from '@rewear/ports';

export interface ClaimRecord {
  token: string;
  state: 'pending' | 'done' | 'released';
  /** Until when (ms since the epoch) a pending claim holds without being renewed. */
  leaseUntil: number;
  /** When the record stops counting: the claim's time to live, an answer's 24 hours. */
  expiresAt: number;
  answer: StoredAnswer | null;
}

export type Verdict =
  { outcome: 'answered'; answer: StoredAnswer } | { outcome: 'pending' } | { outcome: 'free' };

/**
 * What the records of one key say at `now`, given in the order they were claimed: a stored
 * answer (the latest), else a claim someone still holds, else the key is free. Expired and
 * released records count for nothing; a pending claim past its lease belongs to a process that
 * stopped renewing it.
 */
export function verdictOf(records: readonly ClaimRecord[], now: number): Verdict {
  let answer: StoredAnswer | null = null;
  let held = false;
  for (const record of records) {
    if (record.expiresAt <= now || record.state === 'released') continue;
    if (record.state === 'done') answer = record.answer;
    else if (record.leaseUntil > now) held = true;
  }
  if (answer) return { outcome: 'answered', answer };
  return held ? { outcome: 'pending' } : { outcome: 'free' };
}

export interface IdempotencyTimes {
  now: () => number;
  ttlMs: number;
  leaseMs: number;
}

export function idempotencyTimes(options: IdempotencyStoreOptions = {}): IdempotencyTimes {
  const clock = options.now ?? (() => new Date());
  return {
    now: () => clock().getTime(),
    ttlMs: options.ttlMs ?? IDEMPOTENCY_TTL_MS,
    leaseMs: options.leaseMs ?? IDEMPOTENCY_LEASE_MS,
  };
}

/** How often a store without an engine-side expiry deletes expired records. */
export const PRUNE_INTERVAL_MS = 60_000;
