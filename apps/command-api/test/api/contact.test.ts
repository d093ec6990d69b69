/**
 * POST /api/contact (docs/product.md §2.23): a visitor with an email, or a signed-in user, sends
 * the store a message, recorded as one ContactMessageSent event; fields out of their limits are
 * refused with the reason and record nothing; a retry with the same Idempotency-Key records it
 * once; the route counts against the rate limits like every visitor command.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter } from '@rewear/platform';
import { createTestUser, startAuthEmulatorForTests, type TestUser } from '@rewear/testing';
import { eventsAfter, startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let ada: TestUser;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  ada = await createTestUser();
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

const message = {
  topic: 'order',
  subject: 'Where is my parcel?',
  message: 'It shipped a week ago and the tracking has not moved since.',
};

describe('POST /api/contact', () => {
  it("records a visitor's message with the email to answer at, and says so", async () => {
    const head = await h.log.headPosition();
    const res = await h.call('POST', '/api/contact', {
      body: { ...message, email: ' Visitor@Example.com ', name: 'Vi' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      messageId: expect.any(String),
      message: 'Thanks, we received your message. We will reply to visitor@example.com.',
      replyTo: 'visitor@example.com',
      position: expect.any(Number),
    });
    const events = await eventsAfter(h.log, head);
    expect(events.map((e) => [e.type, e.streamId])).toEqual([
      ['ContactMessageSent', `contact-${res.body.messageId}`],
    ]);
    expect(events[0]!.data).toEqual({
      messageId: res.body.messageId,
      topic: 'order',
      subject: message.subject,
      message: message.message,
      email: 'visitor@example.com',
      name: 'Vi',
      userId: null,
      sentAt: expect.any(String),
    });
  });

  it("answers a signed-in user at their account's address when they give none", async () => {
    const head = await h.log.headPosition();
    const res = await h.call('POST', '/api/contact', { token: ada.idToken, body: message });
    expect(res.status).toBe(201);
    expect(res.body.replyTo).toBe(ada.email.toLowerCase());
    const [event] = await eventsAfter(h.log, head);
    expect(event!.data).toMatchObject({ userId: ada.uid, email: ada.email.toLowerCase() });
  });

  it('refuses fields out of their limits with the reason, and records nothing', async () => {
    const head = await h.log.headPosition();
    const refusals: Array<[Record<string, unknown>, string]> = [
      [message, 'Enter your email address, so we can reply'],
      [{ ...message, email: 'not-an-address' }, 'Enter a valid email address, so we can reply'],
      [{ ...message, email: 'a@b.co', topic: 'gossip' }, 'Choose what your message is about'],
      [{ ...message, email: 'a@b.co', subject: ' a ' }, 'Give a subject of 3 to 120 characters'],
      [
        { ...message, email: 'a@b.co', message: 'x'.repeat(2001) },
        'Write a message of 10 to 2000 characters',
      ],
      [
        { ...message, email: 'a@b.co', message: 'Help!' },
        'Write a message of 10 to 2000 characters',
      ],
    ];
    for (const [body, reason] of refusals) {
      const res = await h.call('POST', '/api/contact', { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.body.message).toContain(reason);
    }
    expect(await h.log.headPosition()).toBe(head);
  });

  it('records a message once when its send is retried with the same Idempotency-Key', async () => {
    const head = await h.log.headPosition();
    const send = () =>
      h.call('POST', '/api/contact', {
        body: { ...message, email: 'retry@example.com' },
        headers: { 'Idempotency-Key': 'contact-retry-1' },
      });
    const first = await send();
    const again = await send();
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.messageId).toBe(first.body.messageId);
    expect(await eventsAfter(h.log, head)).toHaveLength(1);
  });
});

describe('POST /api/contact under the rate limits', () => {
  it('gives an address 3 messages a window, then 429 with nothing recorded', async () => {
    const limited = await startHarness({
      rateLimiter: createRateLimiter({
        perAddress: [{ points: 3, windowMs: 60_000 }],
        perUser: [{ points: 3, windowMs: 60_000 }],
      }),
    });
    try {
      const send = () =>
        limited.call('POST', '/api/contact', { body: { ...message, email: 'bulk@example.com' } });
      for (let i = 0; i < 3; i++) expect((await send()).status).toBe(201);
      const head = await limited.log.headPosition();
      const refused = await send();
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await limited.log.headPosition()).toBe(head);
    } finally {
      await limited.close();
    }
  });
});
