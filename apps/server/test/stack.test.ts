/**
 * The one-process server on the embedded engines: seeded on first start, and ready only once the
 * projections, including the deferred algorithmic collections, have caught up.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, READ_SIDE_SNAPSHOT_FILE } from '@rewear/platform';
import { startStack, type RunningStack } from '../src/stack.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'rewear-stack-'));
let stack: RunningStack | null = null;

afterAll(async () => {
  await stack?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one-process server boot', () => {
  it('is ready only once the home page is whole: the algorithmic collections are there', async () => {
    // A project that is not `demo-`: tokens would go to Firebase itself, so no emulator is started.
    const config = {
      ...loadConfig({}),
      dataDir,
      firebaseProjectId: 'rewear-boot-test',
      seedOnFirstStart: true,
      seedListings: 120,
    };
    stack = await startStack(config, {
      role: 'all',
      port: 0,
      host: '127.0.0.1',
      clientDist: null,
      log: () => {},
    });
    const deadline = Date.now() + 30_000;
    while (!stack.ready() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(stack.ready()).toBe(true);

    const health = await fetch(`${stack.url}/api/health`);
    expect(health.status).toBe(200);
    const collections = (await (
      await fetch(`${stack.url}/api/collections/public?limit=7`)
    ).json()) as Array<{
      id: string;
      products: unknown[];
    }>;
    expect(collections.map((c) => c.id)).toEqual(
      expect.arrayContaining([
        'trending_hits',
        'hidden_gems',
        'style_steals',
        'fresh_drops',
        'curator_picks',
        'weekend_vibes',
        'investment_pieces',
      ]),
    );
    expect(collections.find((c) => c.id === 'fresh_drops')!.products.length).toBeGreaterThan(0);
  }, 60_000);

  it('writes its read side to a snapshot at stop and starts from it, serving the same catalogue', async () => {
    const read = async (path: string) => (await fetch(`${stack!.url}${path}`)).json();
    const catalogue = '/api/products/filter?sort=price_low&pageSize=20&facets=true';
    const before = { page: await read(catalogue), search: await read('/api/search?q=dress') };
    await stack!.close();
    stack = null;
    expect(existsSync(path.join(dataDir, READ_SIDE_SNAPSHOT_FILE))).toBe(true);

    const lines: string[] = [];
    stack = await startStack(
      { ...loadConfig({}), dataDir, firebaseProjectId: 'rewear-boot-test', seedOnFirstStart: true },
      {
        role: 'all',
        port: 0,
        host: '127.0.0.1',
        clientDist: null,
        log: (line) => lines.push(line),
      },
    );
    const deadline = Date.now() + 30_000;
    while (!stack.ready() && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    expect(stack.ready()).toBe(true);
    expect(lines.some((line) => line.includes('restored from the snapshot of the last stop'))).toBe(
      true,
    );
    expect(await read(catalogue)).toEqual(before.page);
    expect(await read('/api/search?q=dress')).toEqual(before.search);
    expect((before.page as { total: number }).total).toBeGreaterThan(0);
  }, 60_000);
});
