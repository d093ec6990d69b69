/**
 * Follows, blocks, saved searches, likes and price drops over the listings of event-mix.ts: the
 * k-th user follows a seller (every third unfollows again), blocks another member (every fifth
 * unblocks again), saves a search (every fourth opens it), and a fan likes listing l{2k+1},
 * whose price then drops. Needs the steps of user k appended
 * (listing l{2k+1} exists from step 8k+3 on).
 */
import { randomUUID } from 'node:crypto';
import type { DomainEvent, SavedSearchQuery } from '@rewear/contracts';
import type { EventStore } from '@rewear/platform';

const KEYWORDS = ['denim jacket', 'linen', 'wool coat', 'silk dress', 'skirt'];

function savedQuery(k: number): SavedSearchQuery {
  return {
    q: KEYWORDS[k % KEYWORDS.length]!,
    category: null,
    brand: k % 2 === 0 ? `Brand ${k % 12}` : null,
    size: null,
    color: null,
    condition: null,
    minPriceCents: null,
    maxPriceCents: k % 3 === 0 ? 9000 : null,
  };
}

/** The k-th user's social appends, each with its expected version. */
export function socialLife(
  k: number,
): Array<{ streamId: string; expectedVersion: number; events: DomainEvent[] }> {
  const follow = { followerId: `u${k}`, sellerId: `u${(k + 1) % 50}` };
  const at = new Date(Date.UTC(2024, 2, 1) + k * 60_000).toISOString();
  const listingId = `l${2 * k + 1}`;
  const block = { blockerId: `u${k}`, blockedId: `u${(k + 2) % 50}`, at };
  const appends = [
    {
      streamId: `follows-u${k}`,
      expectedVersion: 0,
      events: [{ type: 'SellerFollowed', data: follow }] as DomainEvent[],
    },
    {
      streamId: `blocks-u${k}`,
      expectedVersion: 0,
      events: [{ type: 'MemberBlocked', data: block }] as DomainEvent[],
    },
    {
      streamId: `searches-u${k}`,
      expectedVersion: 0,
      events: [
        {
          type: 'SearchSaved',
          data: {
            userId: `u${k}`,
            searchId: `ss${k}`,
            name: `Search ${k}`,
            query: savedQuery(k),
            savedAt: at,
          },
        },
      ] as DomainEvent[],
    },
    {
      streamId: `listing-${listingId}`,
      expectedVersion: 1,
      events: [{ type: 'ListingLiked', data: { listingId, userId: `fan${k}` } }] as DomainEvent[],
    },
    {
      streamId: `listing-${listingId}`,
      expectedVersion: 2,
      events: [
        { type: 'ListingUpdated', data: { listingId, changes: { priceCents: 500 + k } } },
      ] as DomainEvent[],
    },
  ];
  if (k % 3 === 0)
    appends.push({
      streamId: `follows-u${k}`,
      expectedVersion: 1,
      events: [{ type: 'SellerUnfollowed', data: follow }],
    });
  if (k % 5 === 0)
    appends.push({
      streamId: `blocks-u${k}`,
      expectedVersion: 1,
      events: [{ type: 'MemberUnblocked', data: block }],
    });
  if (k % 4 === 0)
    appends.push({
      streamId: `searches-u${k}`,
      expectedVersion: 1,
      events: [
        { type: 'SavedSearchOpened', data: { userId: `u${k}`, searchId: `ss${k}`, openedAt: at } },
      ],
    });
  return appends;
}

/** Appends the social lives of users [from, to). */
export async function appendSocial(store: EventStore, from: number, to: number): Promise<void> {
  for (let k = from; k < to; k++)
    for (const { streamId, events, expectedVersion } of socialLife(k))
      await store.append(streamId, events, {
        expectedVersion,
        actor: 'seed',
        correlationId: randomUUID(),
      });
}
