/**
 * The operator console's authorization matrix on the one-process server, with real accounts on
 * the Auth emulator and roles granted as `npm run ops:grant` grants them (a custom claim `role`):
 * a visitor is 401; a shopper 403 on every operator route, and nothing changes; support reads
 * (status, dead letters, streams, disputes, contact messages) but any action is 403; an operator
 * reads and acts, recorded under their uid. The shared OPS_TOKEN keeps working for scripts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFirebaseIdentityVerifier, loadConfig } from '@rewear/platform';
import {
  createTestUser,
  startAuthEmulatorForTests,
  TEST_PROJECT_ID,
  type TestUser,
} from '@rewear/testing';
import { startStack, type RunningStack } from '../src/stack.ts';

const OPS_TOKEN = 'console-ops-token';
const PASSWORD = 'secret-password';
const dataDir = mkdtempSync(path.join(tmpdir(), 'rewear-ops-console-'));
const previousOpsToken = process.env.OPS_TOKEN;
let stopEmulator: () => Promise<void>;
let stack: RunningStack;
let shopper: TestUser;
let support: TestUser;
let operator: TestUser;

const GRANT_SCRIPT = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../../../scripts/ops-grant.ts',
);
const tsxLoader = createRequire(import.meta.url).resolve('tsx');

/** `npm run ops:grant -- <email> <role>`, against the emulator. */
async function grant(email: string, role: string): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', tsxLoader, GRANT_SCRIPT, email, role],
    { env: { ...process.env, FIREBASE_PROJECT_ID: TEST_PROJECT_ID } },
  );
  return stdout;
}

/** Signs in again, as a person does after being granted a role: the new token has the claim. */
async function signIn(user: TestUser): Promise<TestUser> {
  const res = await fetch(
    `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  return { ...user, idToken: ((await res.json()) as { idToken: string }).idToken };
}

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
  const [a, b, c] = await Promise.all([
    createTestUser(undefined, PASSWORD),
    createTestUser(undefined, PASSWORD),
    createTestUser(undefined, PASSWORD),
  ]);
  shopper = a;
  expect(await grant(b.email, 'support')).toMatch(`${b.email} (${b.uid}) is support now`);
  expect(await grant(c.email, 'operator')).toMatch(`${c.email} (${c.uid}) is an operator now`);
  [support, operator] = await Promise.all([signIn(b), signIn(c)]);
}, 120_000);

afterAll(async () => {
  await stack?.close();
  if (previousOpsToken === undefined) delete process.env.OPS_TOKEN;
  else process.env.OPS_TOKEN = previousOpsToken;
  await stopEmulator?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (route: string, token: string | null, body?: unknown) =>
  fetch(`${stack.url}/api/ops${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

const READS = [
  '/status',
  '/whoami',
  '/dead-letters',
  '/streams?user=someone',
  '/disputes',
  '/contact-messages',
];
const WRITES: Array<[string, unknown]> = [
  ['/rebuild', { projector: 'users' }],
  ['/replay', { projector: 'users', fromPosition: 1 }],
  ['/dead-letters/users/none/skip', {}],
  ['/disputes/none/settle', { outcome: 'buyer' }],
];

const generationOfUsers = async () => {
  const res = await call('/status', OPS_TOKEN);
  const { projectors } = (await res.json()) as {
    projectors: Array<{ projector: string; generation: number; headPosition: number }>;
  };
  const users = projectors.find((p) => p.projector === 'users')!;
  return { generation: users.generation, head: users.headPosition };
};

describe('who may use the operator console', () => {
  it('a visitor is 401 everywhere', async () => {
    for (const route of READS) expect((await call(route, null)).status, route).toBe(401);
    for (const [route, body] of WRITES)
      expect((await call(route, null, body)).status, route).toBe(401);
  });

  it('a shopper is 403 everywhere, and nothing changes', async () => {
    const before = await generationOfUsers();
    for (const route of READS) {
      const res = await call(route, shopper.idToken);
      expect(res.status, route).toBe(403);
      expect(((await res.json()) as { message: string }).message).toMatch(/Operators only/);
    }
    for (const [route, body] of WRITES)
      expect((await call(route, shopper.idToken, body)).status, route).toBe(403);
    expect(await generationOfUsers()).toEqual(before);
  });

  it('support reads every screen, and is 403 on every action', async () => {
    for (const route of READS) expect((await call(route, support.idToken)).status, route).toBe(200);
    expect(await (await call('/whoami', support.idToken)).json()).toMatchObject({
      via: 'account',
      uid: support.uid,
      role: 'support',
    });
    const before = await generationOfUsers();
    for (const [route, body] of WRITES)
      expect((await call(route, support.idToken, body)).status, route).toBe(403);
    expect(await generationOfUsers()).toEqual(before);
  });

  it('an operator rebuilds, recorded under their uid (no email); the shared token still reads', async () => {
    const before = await generationOfUsers();
    const res = await call('/rebuild', operator.idToken, { projector: 'users' });
    expect(res.status).toBe(200);
    expect((await generationOfUsers()).generation).toBe(before.generation + 1);
    const history = await call('/streams/operator-actions', operator.idToken);
    const { events } = (await history.json()) as {
      events: Array<{ type: string; actor: string; data: Record<string, unknown> }>;
    };
    const rebuilt = events.filter((e) => e.type === 'ProjectionRebuilt').at(-1)!;
    expect(rebuilt.actor).toBe(`operator:${operator.uid}`);
    expect(rebuilt.data).toMatchObject({
      operator: operator.uid,
      uid: operator.uid,
      role: 'operator',
    });
    expect(JSON.stringify(rebuilt)).not.toContain(operator.email);
    expect((await call('/status', OPS_TOKEN)).status).toBe(200);
  });
});

describe('a role taken away', () => {
  it('stops working with the token the person already holds, without their signing in again', async () => {
    // The servers trust a verification for 30 s; a verifier without that cache shows the rule.
    const verifier = createFirebaseIdentityVerifier({
      projectId: TEST_PROJECT_ID,
      verifiedCacheMs: 0,
    });
    expect((await verifier.verify(support.idToken)).role).toBe('support');
    expect(await grant(support.email, 'none')).toMatch(
      `${support.email} (${support.uid}) has no role now`,
    );
    // The token still says support (it was issued with the claim), the account no longer does.
    const claims = JSON.parse(
      Buffer.from(support.idToken.split('.')[1]!, 'base64url').toString('utf8'),
    ) as { role?: string };
    expect(claims.role).toBe('support');
    expect((await verifier.verify(support.idToken)).role).toBeNull();
  });
});
