/**
 * Serialised answers (catalogue pages) in the encoding the client takes: brotli or gzip,
 * compressed once per answer and kept; as they are for a client that takes neither or for a
 * small answer.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonAnswer } from '../src/shared/answers.ts';
import { listing, startHarness, type Harness } from './harness.ts';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
  await h.append('brand', 'nike', [
    { type: 'BrandCreated', data: { brandId: 'nike', name: 'Nike', image: null } },
  ]);
  let position = 0;
  for (let i = 0; i < 6; i++)
    position = await h.append('listing', `z-${i}`, [listing(`z-${i}`)], { wait: false });
  await h.runtime.waitFor(position, 5000);
});

afterAll(async () => {
  await h?.close();
});

/** The raw answer: fetch would decode it. */
function rawGet(
  target: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http
      .get(h.baseUrl + target, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            bytes: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

const PAGE = '/api/products/filter?category=Tops&pageSize=6';

describe('compressed answers', () => {
  it('sends a page in brotli or gzip as the client prefers, the same JSON as uncompressed', async () => {
    const plain = await rawGet(PAGE);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.bytes.toString('utf8'));
    expect(json.products).toHaveLength(6);
    expect(plain.bytes.length).toBeGreaterThan(1024);

    const br = await rawGet(PAGE, 'gzip;q=0.8, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length);
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(json);

    // At equal weight, the client's own order (a browser's 'gzip, deflate, br, zstd').
    const gzip = await rawGet(PAGE, 'gzip, deflate, br, zstd');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.bytes).toString('utf8'))).toEqual(json);

    const identity = await rawGet(PAGE, 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.bytes.equals(plain.bytes)).toBe(true);
  });

  it('leaves an answer under 1 KB as it is', async () => {
    const small = await rawGet('/api/products/filter?category=Tops&pageSize=1', 'br');
    expect(small.status).toBe(200);
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.bytes.toString('utf8')).products).toHaveLength(1);
  });

  it('compresses an answer once per encoding and keeps it', async () => {
    const answer = new JsonAnswer(Buffer.from(JSON.stringify({ text: 'x'.repeat(4000) })));
    const first = await answer.encoded('br');
    expect(await answer.encoded('br')).toBe(first);
    expect(await answer.encoded('gzip')).not.toBe(first);
    expect(brotliDecompressSync(first).equals(answer.bytes)).toBe(true);
  });
});
