/**
 * Reports and moderation end to end on the one-process server (docs/product.md, "Reports and
 * moderation"): a report hides nothing; a moderator's suspension refuses the seller's commands
 * (403 with the reason and the end date) and takes their listings out of search and the product
 * page within a second; the affected member reads the decision and appeals once; another
 * moderator reverses it and the listings come back; a removal hides one listing. Reporters are
 * told the outcome; no answer names who reported.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSISTENCY_HEADER } from '@rewear/contracts';
import { loadConfig } from '@rewear/platform';
import {
  createTestUser,
  createTestUserWithRole,
  startAuthEmulatorForTests,
  TEST_PROJECT_ID,
  type TestUser,
} from '@rewear/testing';
import { startStack, type RunningStack } from '../src/stack.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'rewear-moderation-'));
let stopEmulator: () => Promise<void>;
let stack: RunningStack;
let seller: TestUser;
let reporter: TestUser;
let other: TestUser;
let moderator: TestUser;
let moderator2: TestUser;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  stack = await startStack(
    {
      ...loadConfig({}),
      dataDir,
      firebaseProjectId: TEST_PROJECT_ID,
      firebaseAuthEmulatorHost: process.env.FIREBASE_AUTH_EMULATOR_HOST!,
      seedOnFirstStart: false,
    },
    { role: 'all', port: 0, host: '127.0.0.1', clientDist: null, log: () => {} },
  );
  [seller, reporter, other, moderator, moderator2] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser(),
    createTestUserWithRole('moderator'),
    createTestUserWithRole('moderator'),
  ]);
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await stopEmulator?.();
  rmSync(dataDir, { recursive: true, force: true });
});

let position = 0;

async function call(
  method: string,
  route: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(stack.url + route, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(method === 'GET' && position ? { [CONSISTENCY_HEADER]: String(position) } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  const body = text ? JSON.parse(text) : null;
  if (method !== 'GET' && typeof body?.position === 'number')
    position = Math.max(position, body.position);
  return { status: res.status, body };
}

const searchIds = async (word: string) =>
  ((await call('GET', `/api/search?query=${word}`)).body as Array<{ id: string }>).map((p) => p.id);

/** Polls `read` until `done`, at most `ms`; answers how long it took. */
async function within(ms: number, read: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await read()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const listing = (title: string, brandId: string) => ({
  title,
  price: 40,
  description: 'A bag',
  category_id: 5,
  condition_ids: 3,
  size_ids: [3],
  color_ids: [2],
  image: 'https://example.com/bag.jpg',
  stock: 1,
  brand_id: brandId,
});

const statement = { what: 'Your listing "Zorblax bag" was removed', why: 'It is a counterfeit' };

describe('reports and moderation', () => {
  it('suspends a seller, hides their listings and lets another moderator reverse it on appeal', async () => {
    const brand = await call('POST', '/api/brands', {
      token: seller.idToken,
      body: { name: 'Zorblax' },
    });
    expect(brand.status).toBe(201);
    const created = await call('POST', '/api/products', {
      token: seller.idToken,
      body: listing('Zorblax bag', brand.body.id),
    });
    expect(created.status).toBe(201);
    const listingId: string = created.body.id;
    expect(await searchIds('Zorblax')).toContain(listingId);

    // Reports: a visitor needs an email; one open report per reporter; not one's own listing.
    const target = { kind: 'listing', id: listingId };
    const visitorNoEmail = await call('POST', '/api/reports', {
      body: { target, reason: 'counterfeit', text: 'Fake' },
    });
    expect(visitorNoEmail.status).toBe(400);
    const filed = await call('POST', '/api/reports', {
      token: reporter.idToken,
      body: { target, reason: 'counterfeit', text: '  The logo is wrong  ' },
    });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({
      caseId: `listing.${listingId}`,
      message: 'Thanks, we received your report. We will tell you what we decide.',
    });
    const again = await call('POST', '/api/reports', {
      token: reporter.idToken,
      body: { target, reason: 'scam', text: '' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'You have already reported this. We will tell you what we decide.',
    );
    const visitor = await call('POST', '/api/reports', {
      body: { target, reason: 'counterfeit', text: 'Fake', email: 'Visitor@Example.com' },
    });
    expect(visitor.status).toBe(201);
    const own = await call('POST', '/api/reports', {
      token: seller.idToken,
      body: { target, reason: 'other' },
    });
    expect(own).toMatchObject({ status: 400, body: { message: 'You cannot report yourself' } });
    const missing = await call('POST', '/api/reports', {
      token: reporter.idToken,
      body: { target: { kind: 'listing', id: 'no-such-listing' }, reason: 'other' },
    });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Listing not found' } });

    // A report hides nothing by itself.
    expect(await searchIds('Zorblax')).toContain(listingId);

    // The queue: moderators only; the reports without their reporters.
    expect((await call('GET', '/api/moderation/queue', { token: reporter.idToken })).status).toBe(
      403,
    );
    const queue = await call('GET', '/api/moderation/queue', { token: moderator.idToken });
    expect(queue.status).toBe(200);
    const open = queue.body.cases.find((c: any) => c.caseId === `listing.${listingId}`);
    expect(open).toMatchObject({
      responsibleId: seller.uid,
      openReports: 2,
      targetPreview: { title: 'Zorblax bag', link: `/products/${listingId}` },
    });
    expect(open.reports.map((r: any) => r.reporterKind)).toEqual(['member', 'visitor']);
    expect(open.reports[0].text).toBe('The logo is wrong');
    const text = JSON.stringify(queue.body);
    expect(text).not.toContain(reporter.uid);
    expect(text).not.toContain(reporter.email);
    expect(text.toLowerCase()).not.toContain('visitor@example.com');

    // A suspension: the seller is refused, their listing leaves search and its page.
    const notModerator = await call(
      'POST',
      `/api/moderation/cases/listing.${listingId}/decisions`,
      {
        token: other.idToken,
        body: { action: 'dismiss', statement },
      },
    );
    expect(notModerator).toMatchObject({ status: 403, body: { message: 'Moderators only' } });
    const suspended = await call('POST', `/api/moderation/cases/listing.${listingId}/decisions`, {
      token: moderator.idToken,
      body: { action: 'suspend', days: 7, rule: 'authentic-items', statement },
    });
    expect(suspended.status).toBe(201);
    const decision = suspended.body.decision;
    expect(decision).toMatchObject({
      action: 'suspend',
      days: 7,
      affectedId: seller.uid,
      moderatorId: moderator.uid,
      rule: { id: 'authentic-items', title: 'Authentic items only' },
      canAppeal: true,
    });
    const tookMs = await within(
      1000,
      async () => !(await searchIds('Zorblax')).includes(listingId),
    );
    expect(tookMs).toBeLessThan(1000);
    expect((await call('GET', `/api/products/${listingId}`)).status).toBe(404);
    const refused = await call('POST', '/api/products', {
      token: seller.idToken,
      body: listing('Zorblax coat', brand.body.id),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(
      /^Your account is suspended until \d{1,2} \w+ \d{4}: It is a counterfeit\. See your notices at \/account\/notices\.$/,
    );
    expect(refused.body.details).toEqual({
      status: 'suspended',
      until: decision.endsAt,
      decisionId: decision.decisionId,
    });
    const twice = await call('POST', `/api/moderation/cases/listing.${listingId}/decisions`, {
      token: moderator.idToken,
      body: { action: 'ban', rule: 'authentic-items', statement },
    });
    expect(twice).toMatchObject({ status: 409, body: { message: 'This case has no open report' } });

    // The seller reads the decision and their standing; the reporter the outcome.
    const notices = await call('GET', '/api/notices', { token: seller.idToken });
    expect(notices.body.standing).toEqual({
      status: 'suspended',
      until: decision.endsAt,
      decisionId: decision.decisionId,
    });
    expect(notices.body.notices[0]).toMatchObject({ decisionId: decision.decisionId });
    const mine = await call('GET', '/api/reports/mine', { token: reporter.idToken });
    expect(mine.body.reports[0]).toMatchObject({ status: 'closed', outcome: 'action_taken' });
    const inbox = async (user: TestUser) =>
      (await call('GET', '/api/notifications', { token: user.idToken })).body.notifications.map(
        (n: any) => `${n.kind} ${n.link}`,
      );
    expect(await inbox(reporter)).toContain('report_outcome /account/reports');
    expect(await inbox(seller)).toContain(
      `moderation_decision /account/notices/${decision.decisionId}`,
    );
    expect(
      (await call('GET', `/api/decisions/${decision.decisionId}`, { token: other.idToken })).status,
    ).toBe(404);
    expect(
      (await call('GET', `/api/decisions/${decision.decisionId}`, { token: seller.idToken }))
        .status,
    ).toBe(200);

    // An appeal, once; decided by another moderator; reversed, the listing comes back.
    const appealRoute = `/api/decisions/${decision.decisionId}/appeal`;
    expect(
      (await call('POST', appealRoute, { token: other.idToken, body: { text: 'Not me at all' } }))
        .status,
    ).toBe(403);
    const appeal = await call('POST', appealRoute, {
      token: seller.idToken,
      body: { text: 'It is genuine: here is the receipt.' },
    });
    expect(appeal.status).toBe(201);
    expect(appeal.body.decision.appeal).toMatchObject({ status: 'open' });
    const appealAgain = await call('POST', appealRoute, {
      token: seller.idToken,
      body: { text: 'It is genuine: here is the receipt.' },
    });
    expect(appealAgain).toMatchObject({
      status: 409,
      body: { message: 'You have already appealed this decision' },
    });
    const appeals = await call('GET', '/api/moderation/appeals', { token: moderator.idToken });
    expect(appeals.body.appeals.map((a: any) => a.decisionId)).toContain(decision.decisionId);
    const decideRoute = `/api/moderation/appeals/${decision.decisionId}/decide`;
    const sameModerator = await call('POST', decideRoute, {
      token: moderator.idToken,
      body: { outcome: 'reversed', text: 'Genuine' },
    });
    expect(sameModerator).toMatchObject({
      status: 403,
      body: { message: 'Another moderator must decide this appeal' },
    });
    const reversed = await call('POST', decideRoute, {
      token: moderator2.idToken,
      body: { outcome: 'reversed', text: 'The receipt shows it is genuine' },
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body.decision.appeal).toMatchObject({
      status: 'reversed',
      decidedBy: moderator2.uid,
    });
    const decidedAgain = await call('POST', decideRoute, {
      token: moderator2.idToken,
      body: { outcome: 'upheld', text: 'No' },
    });
    expect(decidedAgain).toMatchObject({
      status: 409,
      body: { message: 'This appeal has already been decided' },
    });
    await within(1000, async () => (await searchIds('Zorblax')).includes(listingId));
    expect((await call('GET', `/api/products/${listingId}`)).status).toBe(200);
    expect(await inbox(seller)).toContain(`appeal_decided /account/notices/${decision.decisionId}`);
    const standing = await call('GET', '/api/notices', { token: seller.idToken });
    expect(standing.body.standing.status).toBe('active');

    // A removal hides that one listing: out of search, its page 404 to everyone.
    const second = await call('POST', '/api/products', {
      token: seller.idToken,
      body: listing('Zorblax scarf', brand.body.id),
    });
    expect(second.status).toBe(201);
    expect(
      (
        await call('POST', '/api/reports', {
          token: reporter.idToken,
          body: { target, reason: 'counterfeit', text: 'Still fake' },
        })
      ).status,
    ).toBe(201);
    const removed = await call('POST', `/api/moderation/cases/listing.${listingId}/decisions`, {
      token: moderator.idToken,
      body: { action: 'remove_listing', rule: 'authentic-items', statement },
    });
    expect(removed.status).toBe(201);
    await within(1000, async () => {
      const ids = await searchIds('Zorblax');
      return !ids.includes(listingId) && ids.includes(second.body.id);
    });
    expect(
      (await call('GET', `/api/products/${listingId}`, { token: seller.idToken })).status,
    ).toBe(404);
  }, 60_000);
});
