/**
 * The contact form's messages reach the operators (docs/product.md §2.23, docs/operations.md):
 * on the one-process server, a message sent to POST /api/contact is listed by
 * GET /api/ops/contact-messages to the operators' token, newest first, and to nobody else: no
 * token or another token is 401, a shopper's ID token 403; a server without OPS_TOKEN answers 403.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessageList } from '@rewear/contracts';
import { loadConfig, type ReadSide } from '@rewear/platform';
import { createOpsReadRouter } from '@rewear/query-api';
import {
  createTestUser,
  startAuthEmulatorForTests,
  TEST_PROJECT_ID,
  type TestUser,
} from '@rewear/testing';
import { startStack, type RunningStack } from '../src/stack.ts';

const OPS_TOKEN = 'contact-ops-token';
const dataDir = mkdtempSync(path.join(tmpdir(), 'rewear-contact-'));
const previousOpsToken = process.env.OPS_TOKEN;
let stopEmulator: () => Promise<void>;
let stack: RunningStack;
let ada: TestUser;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  process.env.OPS_TOKEN = OPS_TOKEN;
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
  ada = await createTestUser();
}, 120_000);

afterAll(async () => {
  await stack?.close();
  if (previousOpsToken === undefined) delete process.env.OPS_TOKEN;
  else process.env.OPS_TOKEN = previousOpsToken;
  await stopEmulator?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const listing = (authorization?: string, query = '') =>
  fetch(`${stack.url}/api/ops/contact-messages${query}`, {
    headers: authorization ? { authorization } : {},
  });

const send = (body: Record<string, unknown>, token?: string) =>
  fetch(`${stack.url}/api/contact`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

/** The operators' list once it holds `messageId` (the projection follows the write). */
async function listedWith(messageId: string): Promise<ContactMessageList> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await listing(`Bearer ${OPS_TOKEN}`);
    expect(res.status).toBe(200);
    const list = (await res.json()) as ContactMessageList;
    if (list.messages.some((m) => m.messageId === messageId)) return list;
    if (Date.now() > deadline) throw new Error(`message ${messageId} not listed`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/ops/contact-messages', () => {
  it('lists the messages sent, newest first, to an operator', async () => {
    const visitor = await send({
      topic: 'payment',
      subject: 'Charged twice?',
      message: 'My statement shows the same order twice. Can you check?',
      email: 'visitor@example.com',
    });
    expect(visitor.status).toBe(201);
    const first = (await visitor.json()) as { messageId: string };
    const signedIn = await send(
      { topic: 'account', subject: 'Change my name', message: 'How do I change my display name?' },
      ada.idToken,
    );
    expect(signedIn.status).toBe(201);
    const second = (await signedIn.json()) as { messageId: string };

    const list = await listedWith(second.messageId);
    const ours = list.messages.filter((m) =>
      [first.messageId, second.messageId].includes(m.messageId),
    );
    expect(ours).toEqual([
      {
        messageId: second.messageId,
        topic: 'account',
        subject: 'Change my name',
        message: 'How do I change my display name?',
        email: ada.email.toLowerCase(),
        name: null,
        userId: ada.uid,
        sentAt: expect.any(String),
      },
      {
        messageId: first.messageId,
        topic: 'payment',
        subject: 'Charged twice?',
        message: 'My statement shows the same order twice. Can you check?',
        email: 'visitor@example.com',
        name: null,
        userId: null,
        sentAt: expect.any(String),
      },
    ]);
    const one = await listing(`Bearer ${OPS_TOKEN}`, '?limit=1');
    expect(((await one.json()) as ContactMessageList).messages.map((m) => m.messageId)).toEqual([
      second.messageId,
    ]);
    expect((await listing(`Bearer ${OPS_TOKEN}`, '?limit=0')).status).toBe(400);
  });

  it("refuses anyone without the operators' token or role: none, a shopper's ID token or another token", async () => {
    for (const [authorization, status] of [
      [undefined, 401],
      [`Bearer ${ada.idToken}`, 403],
      [`Bearer ${OPS_TOKEN}-not`, 401],
      ['Basic b3BzOm9wcw==', 401],
    ] as const) {
      const res = await listing(authorization);
      expect(res.status, authorization ?? 'no header').toBe(status);
      const body = (await res.json()) as { message: string; messages?: unknown };
      expect(body.message).toEqual(expect.any(String));
      expect(body.messages).toBeUndefined();
    }
  });

  it('answers 403 on a server without OPS_TOKEN (401 still to a request without a token)', async () => {
    const readSide = {
      collection: () => ({ find: async () => [] }),
    } as unknown as ReadSide;
    const app = new Koa();
    app.use(createOpsReadRouter(readSide, { token: null }).routes());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/ops/contact-messages`;
      const disabled = await fetch(url, { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
      expect(disabled.status).toBe(403);
      expect(((await disabled.json()) as { message: string }).message).toBe(
        'Operator endpoints are disabled: OPS_TOKEN is not set on the server',
      );
      expect((await fetch(url)).status).toBe(401);
    } finally {
      server.close();
    }
  });
});
