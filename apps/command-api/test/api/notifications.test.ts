/** POST /api/notifications/read: a read mark as an event, the caller's own, only forward. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuthEmulatorForTests, createTestUser, type TestUser } from '@rewear/testing';
import { eventsAfter, startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let user: TestUser;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  user = await createTestUser();
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

const markRead = (body: unknown, token: string | null = user.idToken) =>
  h.call('POST', '/api/notifications/read', { token: token ?? undefined, body });

describe('POST /api/notifications/read', () => {
  it("appends NotificationsRead to the caller's own stream", async () => {
    const before = await h.log.headPosition();
    const upTo = new Date(h.now().getTime() - 60_000).toISOString();
    const res = await markRead({ upTo });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ readUpTo: upTo, position: expect.any(Number) });
    const events = await eventsAfter(h.log, before);
    expect(events.map((e) => [e.type, e.streamId, e.data])).toEqual([
      ['NotificationsRead', `notifications-${user.uid}`, { userId: user.uid, upTo }],
    ]);
  });

  it('keeps a newer mark: an older upTo appends nothing', async () => {
    const before = await h.log.headPosition();
    const res = await markRead({ upTo: new Date(h.now().getTime() - 3_600_000).toISOString() });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.readUpTo)).toBeGreaterThan(h.now().getTime() - 3_600_000);
    expect(await h.log.headPosition()).toBe(before);
  });

  it('never reads ahead of now', async () => {
    const res = await markRead({ upTo: '2999-01-01T00:00:00.000Z' });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.readUpTo)).toBeLessThanOrEqual(h.now().getTime());
    expect(Date.parse(res.body.readUpTo)).toBeGreaterThan(h.now().getTime() - 60_000);
  });

  it.each([{}, { upTo: 'yesterday' }, { upTo: 12 }])(
    'refuses %j with 400 and a reason',
    async (body) => {
      const before = await h.log.headPosition();
      const res = await markRead(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(await h.log.headPosition()).toBe(before);
    },
  );

  it('answers a visitor 401', async () => {
    expect((await markRead({ upTo: new Date().toISOString() }, null)).status).toBe(401);
  });
});
