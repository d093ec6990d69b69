/**
 * Starts the real one-process server (`apps/server/src/main.ts`, what `npm start` runs) on the
 * embedded engines, with a fresh data folder and a small seed, and stops it again. Used by the
 * browser tests (through `serve.ts`) and by the performance script.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Variables that would point the server at the distributed engines or at real Stripe. */
const DISTRIBUTED_ENGINE_VARIABLES = [
  'KAFKA_BROKERS',
  'MONGODB_URI',
  'MONGODB_DATABASE',
  'MEILI_URL',
  'MEILI_MASTER_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_API_BASE',
  'STRIPE_WEBHOOK_SECRET',
];

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `npm run build -w @rewear/client`: the production bundle the server serves from apps/client/dist. */
export function buildClient(): void {
  const result = spawnSync('npm', ['run', 'build', '-w', '@rewear/client'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(
      `Client build failed (exit ${result.status}):\n${result.stdout}\n${result.stderr}`,
    );
  }
}

export interface Storefront {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

export interface StorefrontOptions {
  port?: number;
  seedListings?: number;
  /** How long to wait for GET /api/health (the Auth emulator's first start can take a minute). */
  readyTimeoutMs?: number;
  /** Where the server's output goes; default: only kept to be shown when the start fails. */
  onOutput?: (chunk: string) => void;
  /** Settings of this server only (for example a short RESERVATION_TTL_MS). */
  env?: Record<string, string>;
}

async function waitForHealth(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The server exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `The server did not answer ${url}/api/health within ${timeoutMs / 1000} s:\n${output()}`,
  );
}

export async function startStorefront(options: StorefrontOptions = {}): Promise<Storefront> {
  const port = options.port ?? (await freePort());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rewear-e2e-'));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of DISTRIBUTED_ENGINE_VARIABLES) delete env[name];
  Object.assign(env, {
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_ON_FIRST_START: 'true',
    SEED_LISTINGS: String(options.seedListings ?? 300),
    ...options.env,
  });

  let log = '';
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    // Its own process group, so stopping it also stops the Auth emulator it may have started.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    log = (log + text).slice(-20_000);
    options.onOutput?.(text);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      const killed = await Promise.race([
        exited.then(() => true),
        new Promise<boolean>((r) => setTimeout(() => r(false), 20_000)),
      ]);
      if (!killed) {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, options.readyTimeoutMs ?? 180_000, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dataDir, stop };
}
