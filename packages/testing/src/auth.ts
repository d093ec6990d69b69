/**
 * Real identities for API tests: users signed up on the Firebase Auth emulator, with the ID
 * tokens it issues. `startAuthEmulatorForTests` works as a vitest globalSetup (default export
 * shape: returns its teardown) or from a suite's beforeAll.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureAuthEmulator } from '@rewear/platform';

export const TEST_PROJECT_ID = 'demo-marketplace';
/** The emulator of firebase.json, shared by the suites unless a run names its own. */
export const DEFAULT_AUTH_EMULATOR_HOST = '127.0.0.1:9099';

/**
 * The emulator the suites talk to: FIREBASE_AUTH_EMULATOR_HOST when set (a run that keeps its
 * own emulator, apart from the shared one), else the default one.
 */
export function authEmulatorAddress(env: NodeJS.ProcessEnv = process.env): {
  host: string;
  port: number;
} {
  const value = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || DEFAULT_AUTH_EMULATOR_HOST;
  const match = /^([^:]+):(\d+)$/.exec(value);
  const port = Number(match?.[2]);
  if (!match || !Number.isInteger(port) || port <= 0 || port > 65_535)
    throw new Error(`FIREBASE_AUTH_EMULATOR_HOST must read host:port, not "${value}"`);
  return { host: match[1]!, port };
}

export interface TestUser {
  uid: string;
  email: string;
  idToken: string;
}

async function emulatorCall<T>(method: string, body: Record<string, unknown>): Promise<T> {
  const { host, port } = authEmulatorAddress();
  const response = await fetch(
    `http://${host}:${port}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    },
  );
  const json = (await response.json()) as T & { error?: { message?: string } };
  if (!response.ok)
    throw new Error(`Auth emulator ${method} failed: ${json.error?.message ?? response.status}`);
  return json;
}

/** Signs a new account up on the emulator; `displayName` ends up as the token's `name` claim. */
export async function createTestUser(
  email?: string,
  password = 'secret-password',
  displayName?: string,
): Promise<TestUser> {
  const address = email ?? `user-${randomUUID().slice(0, 12)}@example.com`;
  const signUp = await emulatorCall<{ localId: string; idToken: string }>('signUp', {
    email: address,
    password,
    returnSecureToken: true,
  });
  if (!displayName) return { uid: signUp.localId, email: address, idToken: signUp.idToken };
  await emulatorCall('update', { idToken: signUp.idToken, displayName, returnSecureToken: true });
  const signIn = await emulatorCall<{ idToken: string }>('signInWithPassword', {
    email: address,
    password,
    returnSecureToken: true,
  });
  return { uid: signUp.localId, email: address, idToken: signIn.idToken };
}

/**
 * Signs a new account up with the custom claim `role` (the operator console's `operator` or
 * `support`, or `moderator`), set through the emulator's admin API as `npm run ops:grant` sets it; the returned
 * ID token carries the claim.
 */
export async function createTestUserWithRole(
  role: 'operator' | 'support' | 'moderator',
  password = 'secret-password',
): Promise<TestUser> {
  const user = await createTestUser(undefined, password);
  const { host, port } = authEmulatorAddress();
  const response = await fetch(
    `http://${host}:${port}/identitytoolkit.googleapis.com/v1/projects/${TEST_PROJECT_ID}/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: user.uid, customAttributes: JSON.stringify({ role }) }),
    },
  );
  if (!response.ok) throw new Error(`Auth emulator update failed: ${response.status}`);
  const signIn = await emulatorCall<{ idToken: string }>('signInWithPassword', {
    email: user.email,
    password,
    returnSecureToken: true,
  });
  return { ...user, idToken: signIn.idToken };
}

// Several test processes (vitest forks) share one emulator. Each holds a lease file while it
// uses it; the process that started the emulator stops it once no live process holds a lease.
// An emulator on another port has leases of its own.
function leaseDirFor(hostPort: string): string {
  const suffix = hostPort === DEFAULT_AUTH_EMULATOR_HOST ? '' : `-${hostPort.replace(/\W/g, '_')}`;
  return path.join(os.tmpdir(), `rewear-auth-emulator-leases${suffix}`);
}

function liveLeases(leaseDir: string): number[] {
  let names: string[] = [];
  try {
    names = readdirSync(leaseDir);
  } catch {
    return [];
  }
  return names.map(Number).filter((pid) => {
    if (!Number.isInteger(pid)) return false;
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      rmSync(path.join(leaseDir, String(pid)), { force: true });
      return false;
    }
  });
}

/**
 * Makes sure the Auth emulator runs (on FIREBASE_AUTH_EMULATOR_HOST's port when set, starting
 * it there if nothing answers) and FIREBASE_AUTH_EMULATOR_HOST points at it; returns the teardown.
 */
export async function startAuthEmulatorForTests(): Promise<() => Promise<void>> {
  const { host, port } = authEmulatorAddress();
  const leaseDir = leaseDirFor(`${host}:${port}`);
  mkdirSync(leaseDir, { recursive: true });
  const lease = path.join(leaseDir, String(process.pid));
  writeFileSync(lease, '');
  let emulator: Awaited<ReturnType<typeof ensureAuthEmulator>>;
  try {
    emulator = await ensureAuthEmulator({ projectId: TEST_PROJECT_ID, host, port });
  } catch (error) {
    // No emulator for this process: its lease would keep every other user waiting at the end.
    rmSync(lease, { force: true });
    throw error;
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  return async () => {
    rmSync(lease, { force: true });
    if (!emulator.started) return;
    const deadline = Date.now() + 150_000;
    while (liveLeases(leaseDir).length > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 500));
    await emulator.stop();
  };
}

export default startAuthEmulatorForTests;
