/** `npm run ops` against a server's operator endpoints, on the embedded engines. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadConfig,
  type Platform,
  createOpsRouter,
  startProjections,
  type ProjectionRuntime,
} from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import { appendSteps } from './support/event-mix.ts';
import { realProjectors } from './support/projections.ts';

const run = promisify(execFile);
const tsxLoader = createRequire(import.meta.url).resolve('tsx');
const script = path.resolve(
  path.dirname(new URL(import.meta.url).pathname),
  '../../scripts/ops.ts',
);
const dir = mkdtempSync(path.join(tmpdir(), 'rewear-ops-'));
const TOKEN = 'cli-test-token';
let platform: Platform;
let runtime: ProjectionRuntime;
let server: Server;
let url: string;

beforeAll(async () => {
  platform = await createPlatform(loadConfig({ DATA_DIR: dir }));
  await appendSteps(platform.eventStore, 0, 80);
  runtime = await startProjections({
    platform,
    projectors: realProjectors().all,
    log: { info() {}, warn() {}, error() {} },
  });
  await runtime.catchUp(10_000);
  const app = new Koa();
  app.use(createOpsRouter(runtime, platform.eventStore, { token: TOKEN }).routes());
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ops`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await runtime?.stop();
  await platform?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function ops(args: string[], token = TOKEN) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', tsxLoader, script, ...args],
      {
        env: { ...process.env, OPS_URL: url, OPS_TOKEN: token, OPS_OPERATOR: 'cli-tester' },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (err) {
    const failed = err as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run ops', () => {
  it('prints the status of every projector as a table', async () => {
    const { code, stdout } = await ops(['status']);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^projector\s+generation\s+position\s+head\s+lag\s+dead letters/);
    const head = await platform.eventStore.headPosition();
    const catalogue = lines.find((l) => l.startsWith('catalogue'));
    expect(catalogue).toMatch(
      new RegExp(`catalogue\\s+1\\s+${head}\\s+${head}\\s+0\\s+0\\s+all=${head}`),
    );
    expect(lines.some((l) => l.startsWith('carts'))).toBe(true);
  }, 30_000);

  it('replays, rebuilds and shows a stream history', async () => {
    const replay = await ops(['replay', 'carts', '--from', '10']);
    expect(replay.code).toBe(0);
    expect(replay.stdout).toMatch(/carts/);
    const rebuild = await ops(['rebuild', 'users']);
    expect(rebuild.code).toBe(0);
    expect(rebuild.stdout).toMatch(/users\s+2\s+1/);
    const history = await ops(['history', 'cart-c3']);
    expect(history.code).toBe(0);
    expect(history.stdout).toMatch(/cart-c3: 2 events, version 2/);
    expect(history.stdout).toMatch(/1\s+\d+\s+CartCreated/);
    expect(history.stdout).toMatch(/2\s+\d+\s+CartItemAdded/);
    // Both actions are on record, with who asked and when.
    const actions = await ops(['history', 'operator-actions']);
    expect(actions.code).toBe(0);
    expect(actions.stdout).toMatch(/operator-actions: 2 events, version 2/);
    expect(actions.stdout).toMatch(
      /1\s+\d+\s+ProjectionReplayed\s+\d{4}-\d\d-\d\dT\S+\s+operator:cli-tester\s+.*"projector":"carts"/,
    );
    expect(actions.stdout).toMatch(
      /2\s+\d+\s+ProjectionRebuilt\s+\S+\s+operator:cli-tester\s+.*"projector":"users"/,
    );
  }, 30_000);

  it("lists a user's streams, and says when a dead letter to retry or skip is not there", async () => {
    const streams = await ops(['streams-of', 'c3']);
    expect(streams.code).toBe(0);
    expect(streams.stdout).toMatch(/Streams named after c3/);
    expect(streams.stdout).toMatch(/cart-c3\s+2\s+\d{4}-/);
    for (const command of ['retry-dead-letter', 'skip-dead-letter']) {
      const missing = await ops([command, 'carts', 'carts__g1:none']);
      expect(missing.code, command).toBe(1);
      expect(missing.stderr).toMatch(/404: No dead letter carts__g1:none of projector carts/);
    }
    const noId = await ops(['skip-dead-letter', 'carts']);
    expect(noId.code).toBe(1);
    expect(noId.stderr).toMatch(/needs the dead letter's id/);
  }, 30_000);

  it('fails with the server message on a wrong token or a bad command', async () => {
    const denied = await ops(['status'], 'wrong');
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/401: Operator token is not valid/);
    const missing = await ops(['replay', 'carts']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/--from/);
  }, 30_000);
});
