/**
 * What the Meilisearch adapter asks of the server, seen by a server that records the requests:
 * uncompressed answers. Asked for gzip (fetch's default), Meilisearch streams a compressed answer
 * whose last chunk waited about 40 ms on the TCP stack for every search (docs/performance.md,
 * "At concurrency 1"). The search itself is covered against a real Meilisearch by the contract
 * suite (tests/contract/search-index.contract.test.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMeiliSearchEngine } from '../src/meili-search.ts';

const seen: http.IncomingHttpHeaders[] = [];
const server = http.createServer((req, res) => {
  seen.push(req.headers);
  req.resume();
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ hits: [], estimatedTotalHits: 0, query: '', processingTimeMs: 0 }));
  });
});
let url = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Meilisearch adapter requests', () => {
  it('asks for uncompressed answers, with its key', async () => {
    const engine = createMeiliSearchEngine({ url, apiKey: 'a-key-of-sixteen-bytes' });
    const result = await engine.index('products').search({ q: 'dress', limit: 6 });
    expect(result.hits).toEqual([]);
    expect(seen).toHaveLength(1);
    expect(seen[0]!['accept-encoding']).toBe('identity');
    expect(seen[0]!['authorization']).toBe('Bearer a-key-of-sixteen-bytes');
  });
});
