/**
 * Rebuilding a projection on the real embedded engines while it serves: readers hammering it
 * throughout see no error and no empty result; appends keep flowing; the rebuilt generation
 * equals, document for document, a projection built from position 0 by a separate runtime.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadConfig,
  type Platform,
  startProjections,
  type ProjectionRuntime,
} from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import {
  appendConversations,
  appendHolidays,
  appendShipments,
  appendSteps,
} from './support/event-mix.ts';
import { appendSocial } from './support/social-mix.ts';
import { appendModeration } from './support/moderation-mix.ts';
import { realProjectors, everyDocument } from './support/projections.ts';

const quiet = { info() {}, warn() {}, error() {} };
const dir = mkdtempSync(path.join(tmpdir(), 'rewear-rebuild-'));
const STEPS = 8 * 1000;
const SHIPMENTS = 200;
/** Users whose follows, blocks, saved searches and liked listings' price drops are appended. */
const SOCIAL = 500;
const CONVERSATIONS = 150;
/** Sellers (u0…) whose holidays hide their listings, some ended again. */
const HOLIDAYS = 10;
/** Reported listings, each a moderation case (the first 50 sanction sellers of the listings). */
const CASES = 60;
const served = realProjectors(50);
let platform: Platform;
let runtime: ProjectionRuntime;

beforeAll(async () => {
  platform = await createPlatform(loadConfig({ DATA_DIR: dir }));
  await appendSteps(platform.eventStore, 0, STEPS);
  await appendShipments(platform.eventStore, 0, SHIPMENTS);
  await appendSocial(platform.eventStore, 0, SOCIAL);
  await appendConversations(platform.eventStore, 0, CONVERSATIONS);
  await appendHolidays(platform.eventStore, 0, HOLIDAYS);
  // Every hundredth registered user deletes their account, as DELETE /api/me records it.
  for (let k = 99; k < STEPS / 8; k += 100) {
    await platform.eventStore.append(
      `user-u${k}`,
      [
        {
          type: 'AccountDeleted',
          data: { userId: `u${k}`, at: new Date(Date.UTC(2024, 5, 1)).toISOString() },
        },
      ],
      { expectedVersion: 1, actor: `u${k}`, correlationId: randomUUID() },
    );
    await platform.personalData.erase(`u${k}`);
  }
  await appendModeration(platform.eventStore, 0, CASES);
  runtime = await startProjections({
    platform,
    projectors: served.all,
    log: quiet,
    replayBatchSize: 500,
  });
  expect(await runtime.catchUp(30_000)).toBe(true);
});

afterAll(async () => {
  await runtime?.stop();
  await platform?.close();
  rmSync(dir, { recursive: true, force: true });
});

interface ReadStats {
  reads: number;
  failures: string[];
}

/** Readers asking what query-api asks, until `done` is set. */
function hammer(signal: { done: boolean }): { stats: ReadStats; finished: Promise<void> } {
  const stats: ReadStats = { reads: 0, failures: [] };
  const reader = async (n: number) => {
    while (!signal.done) {
      try {
        const user = `u${(stats.reads * 7 + n) % 1000}`;
        const [wishlist, users, cart, found, listings] = await Promise.all([
          runtime.readSide.collection('wishlist_items').find({ user_id: user }),
          runtime.readSide.collection('users').count(),
          runtime.readSide.collection('carts').find({}, { limit: 5 }),
          runtime.readSide.searchIndex('products').search({ q: 'denim jack', limit: 6 }),
          runtime.readSide.collection('listings').find({ brand_id: 'b3' }, { limit: 20 }),
        ]);
        if (wishlist.length === 0) stats.failures.push(`empty wishlist for ${user}`);
        if (found.hits.length === 0) stats.failures.push('no search hits');
        if (listings.length === 0) stats.failures.push('no listings of brand b3');
        if (users < 1000) stats.failures.push(`only ${users} users`);
        if (cart.length === 0) stats.failures.push('no carts');
      } catch (err) {
        stats.failures.push(String(err));
      }
      stats.reads += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const finished = Promise.all([0, 1, 2, 3].map(reader)).then(() => undefined);
  return { stats, finished };
}

describe('rebuild while serving, on the embedded engines', () => {
  it('serves every read during rebuilds while appends go on, then equals a projection from 0', async () => {
    const signal = { done: false };
    const { stats, finished } = hammer(signal);
    const writing = Promise.all([
      appendSteps(platform.eventStore, STEPS, STEPS + 800),
      appendShipments(platform.eventStore, SHIPMENTS, SHIPMENTS + 50),
      appendSocial(platform.eventStore, SOCIAL, SOCIAL + 100),
      appendConversations(platform.eventStore, CONVERSATIONS, CONVERSATIONS + 30),
      appendHolidays(platform.eventStore, HOLIDAYS, HOLIDAYS + 4),
      appendModeration(platform.eventStore, CASES, CASES + 20),
    ]);

    const results = [];
    for (const name of [
      'catalogue',
      'wishlists',
      'users',
      'carts',
      'shipments',
      'seller-balances',
      'seller-profiles',
      'notifications',
      'conversations',
      'conversation-entries',
      'bundle-discounts',
      'inbox',
      'follows',
      'blocks',
      'holidays',
      'orders',
      'moderation-cases',
      'moderation-reports',
      'moderation-decisions',
      'member-standings',
    ])
      results.push(await runtime.rebuild(name));
    await writing;
    const readsDuringRebuilds = stats.reads;
    signal.done = true;
    await finished;

    expect(stats.failures).toEqual([]);
    expect(readsDuringRebuilds).toBeGreaterThan(200);
    expect(results.map((r) => [r.projector, r.generation, r.previousGeneration])).toEqual([
      ['catalogue', 2, 1],
      ['wishlists', 2, 1],
      ['users', 2, 1],
      ['carts', 2, 1],
      ['shipments', 2, 1],
      ['seller-balances', 2, 1],
      ['seller-profiles', 2, 1],
      ['notifications', 2, 1],
      ['conversations', 2, 1],
      ['conversation-entries', 2, 1],
      ['bundle-discounts', 2, 1],
      ['inbox', 2, 1],
      ['follows', 2, 1],
      ['blocks', 2, 1],
      ['holidays', 2, 1],
      ['orders', 2, 1],
      ['moderation-cases', 2, 1],
      ['moderation-reports', 2, 1],
      ['moderation-decisions', 2, 1],
      ['member-standings', 2, 1],
    ]);
    const collections = await platform.readModels.listCollections();
    expect(collections).toEqual(
      expect.arrayContaining(['listings__g2', 'wishlist_items__g2', 'users__g2', 'carts__g2']),
    );
    expect(collections).not.toContain('wishlist_items__g1');
    expect(collections).not.toContain('listings__g1');

    // The rebuilt generations, caught up, against a separate runtime built from position 0.
    expect(await runtime.catchUp(30_000)).toBe(true);
    await served.flush();
    const live = await everyDocument(runtime.readSide, served.all);
    const fresh = await createPlatform(loadConfig({ DATA_DIR: dir }));
    const referenceProjectors = realProjectors(50);
    const reference = await startProjections({
      platform: fresh,
      projectors: referenceProjectors.all,
      log: quiet,
    });
    try {
      expect(await reference.catchUp(30_000)).toBe(true);
      await referenceProjectors.flush();
      expect(await everyDocument(reference.readSide, referenceProjectors.all)).toEqual(live);
      expect(live.wishlist_items?.length).toBe((STEPS + 800) / 8);
      expect(live.shipments?.length).toBe(SHIPMENTS + 50);
      expect(live.seller_balances?.length).toBe(20);
      // Every shipment's seller has figures; the fast shippers among them earned badges.
      const badges = live.seller_badges as Array<{ badges: string[] }>;
      expect(badges.length).toBe(20);
      expect(badges.filter((doc) => doc.badges.includes('ships_fast')).length).toBeGreaterThan(0);
      // A third of the holidays are still under way, their sellers' listings hidden.
      expect(live.holidays?.length).toBe(Math.floor((HOLIDAYS + 4) / 3));
      const listings = live.listings as Array<{ hidden_by?: string[] }>;
      expect(listings.filter((doc) => doc.hidden_by?.includes('holiday')).length).toBeGreaterThan(
        0,
      );
      // The accounts deleted read as a former member's.
      const users = live.users as Array<{ _id: string; display_name: string }>;
      expect(users.filter((u) => u.display_name === 'A former member').map((u) => u._id)).toEqual(
        Array.from({ length: STEPS / 800 }, (_, i) => `u${i * 100 + 99}`).sort(),
      );
      // One profile per registered user; the reviews of the 50 completed shipments, both ways.
      expect(live.seller_profiles?.length).toBe((STEPS + 800) / 8);
      const received = (live.seller_profiles as Array<{ rating_count: number }>).reduce(
        (sum, p) => sum + p.rating_count,
        0,
      );
      expect(received).toBe((SHIPMENTS + 50) / 5 + (SHIPMENTS + 50) / 10);
      // One thread per shipment; per ten shipments the mix of their lives tells 39 notifications.
      const threads = live.notifications as Array<{ notifications: unknown[] }>;
      expect(threads.length).toBe(SHIPMENTS + 50);
      expect(threads.reduce((sum, t) => sum + t.notifications.length, 0)).toBe(
        ((SHIPMENTS + 50) / 10) * 39,
      );
      // Every third user unfollowed; every liked listing's price dropped once, telling its fan;
      // the listings created after the searches were saved matched some of them.
      const social = SOCIAL + 100;
      expect(live.follows?.length).toBe(social - Math.ceil(social / 3));
      // Every fifth user unblocked again.
      expect(live.blocks?.length).toBe(social - Math.ceil(social / 5));
      expect(live.saved_searches?.length).toBe(social);
      const inbox = live.inbox as Array<{ kind: string }>;
      expect(inbox.filter((doc) => doc.kind === 'price_drop').length).toBe(social);
      expect(inbox.filter((doc) => doc.kind === 'saved_search_match').length).toBeGreaterThan(0);
      // Per three conversations: 2 messages and an offer each, plus 1 acceptance, 2 (a counter
      // and its acceptance) and 1 expiry; one inbox notification per step, two per expiry.
      const conversations = CONVERSATIONS + 30;
      expect(live.conversations?.length).toBe(conversations);
      expect(live.conversation_entries?.length).toBe(3 * conversations + (4 * conversations) / 3);
      expect(live.bundle_discounts?.length).toBe(conversations / 5);
      const conversationKinds = new Set([
        'offer_made',
        'offer_countered',
        'offer_accepted',
        'offer_declined',
        'offer_expired',
        'message',
      ]);
      expect(inbox.filter((doc) => conversationKinds.has(doc.kind)).length).toBe(
        3 * conversations + (5 * conversations) / 3,
      );
      const offers = (live.conversations as Array<{ offers: Array<{ status: string }> }>).map(
        (c) => c.offers[0]!.status,
      );
      expect(offers.filter((s) => s === 'accepted').length).toBe((2 * conversations) / 3);
      // Per ten shipments, two orders' unusable payments refunded; the buyer hears of the one
      // the processor took, and the other waits in the notifier's state.
      const refunds = (live.orders as Array<{ refund?: { refund_id: string | null } }>).filter(
        (order) => order.refund,
      );
      expect(refunds.length).toBe(((SHIPMENTS + 50) / 10) * 2);
      expect(refunds.filter((order) => order.refund!.refund_id).length).toBe((SHIPMENTS + 50) / 10);
      expect(inbox.filter((doc) => doc.kind === 'payment_refunded').length).toBe(
        (SHIPMENTS + 50) / 10,
      );
      expect(live.refundable_orders?.length).toBe((SHIPMENTS + 50) / 10);
      // Every case reported once; three in four decided; listings removed and sellers hidden.
      const cases = CASES + 20;
      expect(live.moderation_cases?.length).toBe(cases);
      expect(live.moderation_reports?.length).toBe(cases);
      expect(live.moderation_decisions?.length).toBe((3 * cases) / 4);
      const hiddenBy = (reason: string) =>
        (live.listings as Array<{ hidden_by?: string[] }>).filter((doc) =>
          doc.hidden_by?.includes(reason),
        ).length;
      expect(hiddenBy('removed')).toBeGreaterThan(0);
      expect(hiddenBy('suspended')).toBeGreaterThan(0);
      expect(live.member_standings?.length).toBeGreaterThan(0);
      expect(inbox.filter((doc) => doc.kind === 'moderation_decision').length).toBeGreaterThan(0);
    } finally {
      await reference.stop();
      await fresh.close();
    }
  }, 120_000);
});
