/** GET /api/photos/{id}/{size}.webp: the stored WebP as it is, kept by browsers for good. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPhoto } from '@rewear/testing';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
const photoId = 'c0ffee'.padEnd(32, '0');
let card: Buffer;

beforeAll(async () => {
  h = await startHarness();
  card = await makeTestPhoto({ format: 'webp', width: 480, height: 360 });
  await h.platform.photos.put(`${photoId}-card.webp`, {
    data: card,
    contentType: 'image/webp',
    owner: 'seller-1',
  });
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/photos/{id}/{size}.webp', () => {
  it('serves the stored bytes as image/webp with an immutable cache header', async () => {
    const res = await fetch(`${h.baseUrl}/api/photos/${photoId}/card.webp`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(card)).toBe(true);
  });

  it('answers 404 for a size or photo it does not hold, 400 for what no photo can be named', async () => {
    const status = async (path: string) => (await fetch(`${h.baseUrl}${path}`)).status;
    expect(await status(`/api/photos/${photoId}/full.webp`)).toBe(404);
    expect(await status(`/api/photos/${'f'.repeat(32)}/card.webp`)).toBe(404);
    const res = await h.get(`/api/photos/${photoId}/huge.webp`);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await status('/api/photos/..%2F..%2Fetc%2Fpasswd/card.webp')).toBe(400);
  });
});
