/** Idempotency records in this process only (tests, a single process without a data folder). */
import { randomUUID } from 'node:crypto';
import type { IdempotencyStore, IdempotencyStoreOptions } from '@rewear/ports';
import {
  idempotencyTimes,
  PRUNE_INTERVAL_MS,
  verdictOf,
  type ClaimRecord,
} from './idempotency-records.ts';

export function createMemoryIdempotencyStore(
  options: IdempotencyStoreOptions = {},
): IdempotencyStore {
  const { now, ttlMs, leaseMs } = idempotencyTimes(options);
  const records = new Map<string, ClaimRecord>();
  let prunedAt = 0;
  const prune = (at: number) => {
    if (at - prunedAt < PRUNE_INTERVAL_MS) return;
    prunedAt = at;
    for (const [key, record] of records) if (record.expiresAt <= at) records.delete(key);
  };
  const held = (key: string, token: string) => {
    const record = records.get(key);
    return record?.token === token && record.state === 'pending' ? record : null;
  };
  return {
    async claim(key) {
      const at = now();
      prune(at);
      const record = records.get(key);
      const verdict = verdictOf(record ? [record] : [], at);
      if (verdict.outcome !== 'free') return verdict;
      const token = randomUUID();
      records.set(key, {
        token,
        state: 'pending',
        leaseUntil: at + leaseMs,
        expiresAt: at + ttlMs,
        answer: null,
      });
      return { outcome: 'claimed', token };
    },
    async renew(key, token) {
      const record = held(key, token);
      if (record) record.leaseUntil = now() + leaseMs;
      return record !== null;
    },
    async complete(key, token, answer) {
      const record = held(key, token);
      if (!record) return;
      records.set(key, {
        token,
        state: 'done',
        leaseUntil: 0,
        expiresAt: now() + ttlMs,
        answer: structuredClone(answer),
      });
    },
    async release(key, token) {
      if (held(key, token)) records.delete(key);
    },
    async get(key) {
      const record = records.get(key);
      const verdict = verdictOf(record ? [record] : [], now());
      return verdict.outcome === 'answered' ? verdict.answer : null;
    },
    async close() {
      records.clear();
    },
  };
}
