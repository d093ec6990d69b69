/**
 * The real read side for API tests: the embedded engines (SQLite event log, in-memory read
 * models, embedded search), the projector runtime with our projectors, query-api on a random
 * port, and identities from the Firebase Auth emulator.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  assertAnswerInSchema,
  loadConfig,
  startProjections,
  type ProjectionRuntime,
  type Platform,
  createFirebaseIdentityVerifier,
} from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import { streamIdOf, type AggregateType, type DomainEvent } from '@rewear/contracts';
import { TEST_PROJECT_ID } from '@rewear/testing';
import { createProjectors } from '@rewear/projectors';
import { createQueryApi, opsReadRoutes, queryRoutes } from '../src/index.ts';

/** The routes whose answers the harness checks. */
const answerRoutes = [...queryRoutes, ...opsReadRoutes];

export interface Harness {
  baseUrl: string;
  platform: Platform;
  runtime: ProjectionRuntime;
  /** Appends events to an aggregate's stream; returns the position of the last one. */
  append(
    type: AggregateType,
    id: string,
    events: DomainEvent[],
    options?: { wait?: boolean },
  ): Promise<number>;
  get(
    pathAndQuery: string,
    init?: { token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  close(): Promise<void>;
}

export async function startHarness(
  options: { consistencyWaitMs?: number; clock?: () => Date } = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rewear-query-api-'));
  const platform = await createPlatform(loadConfig({ DATA_DIR: dataDir }));
  // Small test catalogues: the collections are recomputed inside each apply.
  const projectors = createProjectors({ collectionsDelayMs: 0 });
  const runtime = await startProjections({
    platform,
    projectors: projectors.all,
    log: { info() {}, warn: console.warn, error: console.error },
  });
  const app = createQueryApi({
    readSide: runtime.readSide,
    progress: runtime,
    identity: createFirebaseIdentityVerifier({ projectId: TEST_PROJECT_ID }),
    photos: platform.photos,
    clock: options.clock,
    config: { consistencyWaitMs: options.consistencyWaitMs },
  });
  const server: Server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const versions = new Map<string, number>();

  return {
    baseUrl,
    platform,
    runtime,
    async append(type, id, events, { wait = true } = {}) {
      const streamId = streamIdOf(type, id);
      const expectedVersion = versions.get(streamId) ?? 0;
      const result = await platform.eventStore.append(streamId, events, {
        expectedVersion,
        actor: null,
        correlationId: randomUUID(),
      });
      versions.set(streamId, result.streamVersion);
      if (wait && !(await runtime.waitFor(result.position, 10_000)))
        throw new Error(`projections did not reach ${result.position}`);
      return result.position;
    },
    async get(pathAndQuery, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
      const response = await fetch(baseUrl + pathAndQuery, { headers });
      const text = await response.text();
      const body: unknown = text ? JSON.parse(text) : null;
      // Every answer a suite receives is checked against its route's documented schema.
      assertAnswerInSchema(answerRoutes, {
        method: 'GET',
        url: pathAndQuery,
        status: response.status,
        body,
        contentType: response.headers.get('content-type'),
      });
      return { status: response.status, body, headers: response.headers };
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A live stream a test left open would hold the server.
        server.closeAllConnections();
      });
      await runtime.stop();
      await platform.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const listing = (
  listingId: string,
  overrides: Partial<Extract<DomainEvent, { type: 'ListingCreated' }>['data']> = {},
): DomainEvent => ({
  type: 'ListingCreated',
  data: {
    listingId,
    sellerId: 'seller-1',
    sellerName: 'Sam Seller',
    sellerPhoto: null,
    createdAt: new Date().toISOString(),
    stock: 1,
    title: `Item ${listingId}`,
    description: 'A well kept piece from a smoke-free home.',
    priceCents: 2500,
    originalPriceCents: null,
    image: `https://img.example/${listingId}.jpg`,
    gallery: [],
    brandId: 'nike',
    categoryId: 1,
    conditionIds: [3],
    sizeIds: [3],
    colorIds: [7],
    ...overrides,
  },
});
