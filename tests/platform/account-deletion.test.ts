/**
 * Deleting an account erases the member's personal data everywhere (docs/security.md, "Personal
 * data and account deletion"), on the real embedded engines: a member registers, sells, buys
 * (an order and its shipment with her address), writes messages, reports a problem, writes to
 * the store; her account is deleted (AccountDeleted, her listing deleted, her key erased). The
 * live projections erase her data at once; then every projector is rebuilt from the log into
 * the same documents, and none of her personal values is found in the event log's stored bytes,
 * in any read model document or in the search index. The other party's data
 * stays readable, and her review stays, by a former member.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '@rewear/contracts';
import {
  loadConfig,
  startProjections,
  type Platform,
  type ProjectionRuntime,
} from '@rewear/platform';
import { createPlatform, EVENT_LOG_FILE } from '@rewear/engines';
import { everyDocument, realProjectors } from './support/projections.ts';

const quiet = { info() {}, warn() {}, error() {} };
const dir = mkdtempSync(path.join(tmpdir(), 'rewear-account-deletion-'));
const served = realProjectors();
let platform: Platform;
let runtime: ProjectionRuntime;

const ANN = 'ann-deletes';
const BOB = 'bob-stays';
/** Every personal value of Ann's that the events carry. */
const ANNS = {
  name: 'Annabel Quillfeather',
  email: 'annabel.quill@example.org',
  photo: 'https://photos.example.org/annabel-portrait.jpg',
  address: '17 Wisteria Lane',
  city: 'Quillton',
  state: 'Northshire',
  zip: '99123-4567',
  message: 'Could you leave it with my neighbour Mrs Pennywhistle?',
  problem: 'The parcel reached Wisteria but was torn open',
  contactSubject: 'About my Quillfeather order',
  contactMessage: 'Please call me on my landline about the Quillfeather parcel',
  report: 'The Tanglewood coat is a Quillfeather-spotted fake',
  appeal: 'My Wisteria listing was genuine, here is the Quillfeather receipt',
};
const BOBS = { name: 'Bob Tanglewood', message: 'Sure, I will ring the Tanglewood bell' };

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1) + minutes * 60_000).toISOString();
const shipping = {
  name: ANNS.name,
  address: ANNS.address,
  city: ANNS.city,
  state: ANNS.state,
  zip: ANNS.zip,
  email: ANNS.email,
};
const listing = (
  listingId: string,
  sellerId: string,
  sellerName: string,
  photo: string | null,
): DomainEvent => ({
  type: 'ListingCreated',
  data: {
    listingId,
    sellerId,
    sellerName,
    sellerPhoto: photo,
    createdAt: at(1),
    stock: 1,
    title: `Velvet blazer ${listingId}`,
    description: 'Gently worn, kept with care',
    priceCents: 4200,
    originalPriceCents: null,
    image: '',
    gallery: [],
    brandId: 'b1',
    categoryId: 1,
    conditionIds: [1],
    sizeIds: [1],
    colorIds: [1],
  },
});
const conversation = {
  conversationId: `lb_${ANN}`,
  listingId: 'lb',
  listingTitle: 'Velvet blazer lb',
  buyerId: ANN,
  sellerId: BOB,
};
const item = {
  productId: 'lb',
  title: 'Velvet blazer lb',
  image: '',
  quantity: 1,
  unitPriceCents: 4200,
};

const appends: Array<[string, DomainEvent[], string]> = [
  [
    `user-${ANN}`,
    [
      {
        type: 'UserRegistered',
        data: { uid: ANN, email: ANNS.email, displayName: ANNS.name, photoUrl: ANNS.photo },
      },
    ],
    ANN,
  ],
  [
    `user-${BOB}`,
    [
      {
        type: 'UserRegistered',
        data: { uid: BOB, email: 'bob@example.org', displayName: BOBS.name, photoUrl: null },
      },
    ],
    BOB,
  ],
  ['listing-la', [listing('la', ANN, ANNS.name, ANNS.photo)], ANN],
  ['listing-lb', [listing('lb', BOB, BOBS.name, null)], BOB],
  [
    'order-o1',
    [
      {
        type: 'OrderPlaced',
        data: {
          orderId: 'o1',
          userId: ANN,
          items: [item],
          totalCents: 4200,
          currency: 'usd',
          shipping,
          paymentIntentId: 'pi_1',
          expiresAt: at(30),
        },
      },
      { type: 'OrderPaid', data: { orderId: 'o1', paymentIntentId: 'pi_1', amountCents: 4200 } },
    ],
    ANN,
  ],
  [
    'shipment-s1',
    [
      {
        type: 'ShipmentOpened',
        data: {
          shipmentId: 's1',
          orderId: 'o1',
          sellerId: BOB,
          buyerId: ANN,
          items: [item],
          amountCents: 4200,
          currency: 'usd',
          shipping,
          paymentIntentId: 'pi_1',
          openedAt: at(3),
          shipBy: at(3 + 5 * 24 * 60),
        },
      },
      {
        type: 'ShipmentShipped',
        data: { shipmentId: 's1', carrier: 'USPS', trackingNumber: '9400111', shippedAt: at(60) },
      },
      {
        type: 'ShipmentDelivered',
        data: {
          shipmentId: 's1',
          confirmedBy: 'seller',
          deliveredAt: at(120),
          protectionEndsAt: at(120 + 2 * 24 * 60),
        },
      },
    ],
    BOB,
  ],
  [
    'shipment-s1',
    [
      {
        type: 'ShipmentProblemReported',
        data: { shipmentId: 's1', reason: 'damaged', text: ANNS.problem, reportedAt: at(130) },
      },
    ],
    ANN,
  ],
  [
    `conversation-lb_${ANN}`,
    [
      {
        type: 'MessageSent',
        data: { ...conversation, senderId: ANN, text: ANNS.message, sentAt: at(4) },
      },
      {
        type: 'MessageSent',
        data: { ...conversation, senderId: BOB, text: BOBS.message, sentAt: at(5) },
      },
    ],
    ANN,
  ],
  [
    'contact-m1',
    [
      {
        type: 'ContactMessageSent',
        data: {
          messageId: 'm1',
          topic: 'order',
          subject: ANNS.contactSubject,
          message: ANNS.contactMessage,
          email: ANNS.email,
          name: ANNS.name,
          userId: ANN,
          sentAt: at(6),
        },
      },
    ],
    ANN,
  ],
  [
    'case-listing.lb',
    [
      {
        type: 'ReportFiled',
        data: {
          caseId: 'listing.lb',
          reportId: 'r1',
          target: { kind: 'listing', id: 'lb' },
          reason: 'counterfeit',
          text: ANNS.report,
          reporterId: ANN,
          reporterEmail: ANNS.email,
          responsibleId: BOB,
          filedAt: at(7),
        },
      },
    ],
    ANN,
  ],
  [
    'case-listing.la',
    [
      {
        type: 'ModerationDecided',
        data: {
          caseId: 'listing.la',
          decisionId: 'listing.la.1',
          target: { kind: 'listing', id: 'la' },
          action: 'warn',
          rule: 'accurate-listings',
          statement: { what: 'A warning', why: 'The photos were not of the item' },
          days: null,
          endsAt: null,
          moderatorId: 'mod-1',
          affectedId: ANN,
          reportIds: [],
          reporterIds: [],
          decidedAt: at(8),
        },
      },
      {
        type: 'DecisionAppealed',
        data: {
          caseId: 'listing.la',
          decisionId: 'listing.la.1',
          affectedId: ANN,
          text: ANNS.appeal,
          appealedAt: at(9),
        },
      },
    ],
    ANN,
  ],
];

const versions = new Map<string, number>();
async function append(streamId: string, events: DomainEvent[], actor: string) {
  const expectedVersion = versions.get(streamId) ?? 0;
  const result = await platform.eventStore.append(streamId, events, {
    expectedVersion,
    actor,
    correlationId: randomUUID(),
  });
  versions.set(streamId, result.streamVersion);
  return result.position;
}

const hasAny = (text: string, values: Record<string, string>) =>
  Object.entries(values)
    .filter(([, value]) => text.includes(value))
    .map(([key]) => key);

beforeAll(async () => {
  platform = await createPlatform(loadConfig({ DATA_DIR: dir }));
  for (const [streamId, events, actor] of appends) await append(streamId, events, actor);
  runtime = await startProjections({ platform, projectors: served.all, log: quiet });
  expect(await runtime.catchUp(30_000)).toBe(true);
}, 60_000);

afterAll(async () => {
  await runtime?.stop();
  await platform?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('deleting an account, then rebuilding every read model', () => {
  it('leaves none of the member’s personal values anywhere, and the others’ as they were', async () => {
    await served.flush();
    const before = JSON.stringify(await everyDocument(runtime.readSide, served.all));
    // The read side held them (the test would prove nothing otherwise).
    expect(hasAny(before, ANNS).sort()).toEqual(Object.keys(ANNS).sort());

    // What DELETE /api/me does: the events, then the key.
    await append(
      `user-${ANN}`,
      [{ type: 'AccountDeleted', data: { userId: ANN, at: at(200) } }],
      ANN,
    );
    await append('listing-la', [{ type: 'ListingDeleted', data: { listingId: 'la' } }], ANN);
    await platform.personalData.erase(ANN);
    expect(await runtime.catchUp(30_000)).toBe(true);

    // Live, at once: her name is gone from her profile and the names others read.
    const users = await runtime.readSide.collection('users').findOne({ _id: ANN });
    expect(users).toMatchObject({
      display_name: 'A former member',
      email: 'erased@invalid.example',
    });
    const profile = await runtime.readSide.collection('seller_profiles').findOne({ _id: ANN });
    expect(profile).toMatchObject({ display_name: 'A former member', photo_url: null });

    await served.flush();
    const live = await everyDocument(runtime.readSide, served.all);
    const liveLeft = Object.entries(live)
      .map(([name, docs]) => [name, hasAny(JSON.stringify(docs), ANNS)] as const)
      .filter(([, found]) => found.length > 0);
    // Live, the projections erased her data at once, as the rebuild below does.
    expect(liveLeft).toEqual([]);

    for (const projector of served.all) await runtime.rebuild(projector.name);
    expect(await runtime.catchUp(30_000)).toBe(true);
    await served.flush();
    // Rebuilt, every read model and the search index equal what the live projections held.
    expect(await everyDocument(runtime.readSide, served.all)).toEqual(live);
    expect(await runtime.catchUp(30_000)).toBe(true);
    await served.flush();
    const documents = await everyDocument(runtime.readSide, served.all);
    const after = JSON.stringify(documents);
    expect(hasAny(after, ANNS)).toEqual([]);
    // Bob's name and words are still there; her message reads as deleted with her account.
    expect(hasAny(after, BOBS).sort()).toEqual(['message', 'name']);
    expect(after).toContain('This message was deleted with its author’s account.');

    // The log's stored bytes (the file and its write-ahead log) hold none of them either.
    for (const file of [EVENT_LOG_FILE, `${EVENT_LOG_FILE}-wal`]) {
      const at = path.join(dir, file);
      if (!existsSync(at)) continue;
      expect(hasAny(readFileSync(at).toString('utf8'), ANNS), file).toEqual([]);
    }
    // Reading the log back gives the erased values, schema-valid.
    const events = await platform.eventStore.readAll(0, 1000);
    expect(hasAny(JSON.stringify(events), ANNS)).toEqual([]);
    expect(JSON.stringify(events)).toContain(BOBS.name);
  }, 120_000);
});
