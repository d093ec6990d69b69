import { describe, expect, it } from 'vitest';
import { openSqliteEventLog } from '@rewear/sqlite';
import { fold } from '../src/shared/decider.ts';
import { listingDecider, availableStock } from '@rewear/features/listing/decider';
import { seedCatalogue, seedIfEmpty } from '../src/seed/index.ts';

const now = new Date('2026-03-01T12:00:00Z');

describe('seeding through the command side', () => {
  it('appends users, brands, listings and wishlist adds that the deciders accept', async () => {
    const log = openSqliteEventLog({ file: ':memory:' });
    const result = await seedIfEmpty({ eventStore: log }, { listings: 300, seed: 3, now });
    expect(result).not.toBeNull();
    const events = await log.readAll(0, 100_000);
    const count = (type: string) => events.filter((e) => e.type === type).length;
    expect(count('UserRegistered')).toBe(150);
    expect(count('BrandCreated')).toBe(result!.brands);
    expect(count('ListingCreated')).toBe(300);
    expect(count('WishlistItemAdded')).toBe(result!.likes);
    expect(result!.position).toBe(events.length);

    const created = events.find((e) => e.type === 'ListingCreated')!;
    expect(created.occurredAt).toBe((created.data as { createdAt: string }).createdAt);
    const state = fold(listingDecider, await log.readStream(created.streamId));
    expect(availableStock(state, now)).toBe((created.data as { stock: number }).stock);

    // A second start finds events and leaves the store alone.
    expect(await seedIfEmpty({ eventStore: log }, { listings: 300, seed: 3, now })).toBeNull();
    expect(await log.headPosition()).toBe(events.length);
    await log.close();
  });

  it('refuses more than 1,000,000 listings', async () => {
    const log = openSqliteEventLog({ file: ':memory:' });
    await expect(seedCatalogue(log, { listings: 1_000_001 })).rejects.toThrow(/1000000/);
    await log.close();
  });
});
