/**
 * Puts the planned catalogue into the event store through the command side: each item is a
 * command given to its aggregate's decider, and the decided events are appended with the
 * expected version. The seed is the only writer while it runs, so each stream's state is kept
 * in memory (no re-reading), and a user's likes of one day go in one append.
 */
import { streamIdOf, type AggregateType, type DomainEvent } from '@rewear/contracts';
import type { EventStore } from '@rewear/platform';
import type { Decider } from '../shared/decider.ts';
import { userDecider } from '@rewear/features/user/decider';
import { brandDecider, listingDecider } from '@rewear/features/listing/decider';
import { wishlistDecider } from '@rewear/features/wishlist/decider';
import type { SeedPlan } from '@rewear/seed';

export interface SeedProgress {
  phase: 'users' | 'brands' | 'listings' | 'likes';
  done: number;
  total: number;
}

export interface SeedResult {
  events: number;
  position: number;
  users: number;
  brands: number;
  listings: number;
  likes: number;
}

interface StreamState<S> {
  state: S;
  version: number;
}

class SeedWriter {
  private readonly streams = new Map<string, StreamState<unknown>>();
  events = 0;
  position = 0;

  constructor(
    private readonly store: EventStore,
    private readonly correlationId: string,
    private readonly newId: () => string,
  ) {}

  /** Decides `commands` in order on one stream and appends what they decide in one go. */
  async run<S, C, E extends DomainEvent>(
    decider: Decider<S, C, E>,
    type: AggregateType,
    aggregateId: string,
    commands: C[],
    at: Date,
    actor: string | null,
  ): Promise<void> {
    const streamId = streamIdOf(type, aggregateId);
    let entry = this.streams.get(streamId) as StreamState<S> | undefined;
    if (!entry) {
      entry = { state: decider.initialState(), version: 0 };
      if (type === 'wishlist') this.streams.set(streamId, entry as StreamState<unknown>);
    }
    const decided: DomainEvent[] = [];
    let state = entry.state;
    for (const command of commands) {
      const events = decider.decide(command, state, { now: at, newId: this.newId });
      state = events.reduce(decider.evolve, state);
      decided.push(...events);
    }
    if (decided.length === 0) return;
    const result = await this.store.append(streamId, decided, {
      expectedVersion: entry.version,
      actor,
      correlationId: this.correlationId,
      now: () => at,
    });
    entry.state = state;
    entry.version = result.streamVersion;
    this.events += decided.length;
    this.position = result.position;
  }
}

export async function writeSeed(
  store: EventStore,
  plan: SeedPlan,
  options: { seed: number; now: Date; newId: () => string; onProgress?: (p: SeedProgress) => void },
): Promise<SeedResult> {
  const writer = new SeedWriter(store, `seed-${options.seed}`, options.newId);
  const report = options.onProgress ?? (() => {});
  const seedStart = new Date(
    plan.listings[0]
      ? Date.parse(plan.listings[0].createdAt) - 24 * 3600_000
      : options.now.getTime(),
  );

  for (const [i, user] of plan.users.entries()) {
    await writer.run(
      userDecider,
      'user',
      user.uid,
      [{ type: 'RegisterUser', ...user }],
      seedStart,
      user.uid,
    );
    if (i % 50 === 0) report({ phase: 'users', done: i, total: plan.users.length });
  }
  for (const brand of plan.brands) {
    await writer.run(
      brandDecider,
      'brand',
      brand.brandId,
      [{ type: 'EnsureBrand', ...brand }],
      seedStart,
      null,
    );
  }
  report({ phase: 'brands', done: plan.brands.length, total: plan.brands.length });

  const listed = new Set<string>();
  for (const [i, listing] of plan.listings.entries()) {
    await writer.run(
      listingDecider,
      'listing',
      listing.listingId,
      [
        {
          type: 'CreateListing',
          listingId: listing.listingId,
          createdAt: listing.createdAt,
          fields: listing.fields,
        },
      ],
      new Date(listing.createdAt),
      listing.fields.sellerId,
    );
    listed.add(listing.listingId);
    if (i % 5000 === 0) report({ phase: 'listings', done: i, total: plan.listings.length });
  }

  // Likes: one append per user and day, in time order.
  let pending = new Map<string, string[]>();
  let day = '';
  let dayStart = new Date(0);
  let done = 0;
  const flush = async () => {
    for (const [userId, productIds] of pending) {
      await writer.run(
        wishlistDecider,
        'wishlist',
        userId,
        productIds.map((productId) => ({
          type: 'AddToWishlist' as const,
          userId,
          productId,
          productListed: listed.has(productId),
        })),
        dayStart,
        userId,
      );
    }
    pending = new Map();
  };
  for (const like of plan.likes) {
    const likeDay = like.at.slice(0, 10);
    if (likeDay !== day) {
      await flush();
      day = likeDay;
      dayStart = new Date(like.at);
    }
    const list = pending.get(like.userId) ?? [];
    list.push(like.productId);
    pending.set(like.userId, list);
    if (++done % 20000 === 0) report({ phase: 'likes', done, total: plan.likes.length });
  }
  await flush();

  return {
    events: writer.events,
    position: writer.position,
    users: plan.users.length,
    brands: plan.brands.length,
    listings: plan.listings.length,
    likes: plan.likes.length,
  };
}
