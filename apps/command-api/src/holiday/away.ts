/**
 * Whether a seller is away now (holiday mode), for the steps that wait for their return: buying
 * their listings, making an offer on one, accepting or countering an offer (409 with the day
 * they are back). Read from the seller's holiday stream, by its dates.
 */
import { awayUntilAt, sellerAwayMessage } from '@rewear/features/holiday/domain';
import type { AggregateRepository } from '../shared/decider.ts';
import { reject } from '../shared/decider.ts';
import { holidays } from './aggregate.ts';

/** The day the seller is back when they are away at `now`, else null. */
export async function sellerAwayUntil(
  aggregates: AggregateRepository,
  sellerId: string,
  now: Date,
): Promise<string | null> {
  const { state } = await holidays.load(aggregates, sellerId);
  return awayUntilAt(state, now.getTime());
}

/** Refuses (409) a step that waits for a seller who is away at `now`. */
export async function refuseWhileAway(
  aggregates: AggregateRepository,
  sellerId: string,
  now: Date,
): Promise<void> {
  const until = await sellerAwayUntil(aggregates, sellerId, now);
  if (until) reject('conflict', sellerAwayMessage(until), { awayUntil: until });
}
