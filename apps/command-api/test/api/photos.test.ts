/**
 * Photo uploads and listing photos (docs/product.md §3): the type is read from the content, the
 * size is bounded before decoding, metadata never reaches a stored size, and a seller attaches
 * only photos they uploaded. Refusals record nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  startAuthEmulatorForTests,
  createTestUser,
  describeImage,
  gpsOf,
  makeTestPhoto,
  TEST_PHOTO_GPS,
  type TestUser,
} from '@rewear/testing';
import {
  MAX_PHOTO_BYTES,
  PHOTO_SIZE_MESSAGE,
  PHOTO_SIZES,
  PHOTO_TYPE_MESSAGE,
  photoUrl,
} from '@rewear/contracts';
import { eventsAfter, listingBody, startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let seller: TestUser;
let other: TestUser;
let brandId: string;

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  h = await startHarness();
  [seller, other] = await Promise.all([createTestUser(), createTestUser()]);
  brandId = (
    await h.call('POST', '/api/brands/find-or-create', {
      token: seller.idToken,
      body: { name: 'Photo brand' },
    })
  ).body.id;
});
afterAll(async () => {
  await h?.close();
  await stopEmulator?.();
});

const upload = (bytes: Buffer, user: TestUser | null, contentType = 'image/jpeg') =>
  h.call('POST', '/api/photos', {
    token: user?.idToken,
    raw: bytes,
    headers: { 'content-type': contentType },
  });

/** Expects `request` to be refused with `status` and `message`, having recorded nothing. */
async function refused(
  request: () => Promise<{ status: number; body: any }>,
  status: number,
  message: string | RegExp,
) {
  const before = await h.log.headPosition();
  const res = await request();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.message).toMatch(message);
  expect(await h.log.headPosition()).toBe(before);
}

describe('POST /api/photos', () => {
  it('a phone JPEG with a GPS position is stored in three WebP sizes with no metadata at all', async () => {
    const original = await makeTestPhoto({ format: 'jpeg', width: 2000, height: 1500, gps: true });
    // The file really carries the position the server must drop.
    expect(await gpsOf(original)).toEqual({
      latitude: [...TEST_PHOTO_GPS.latitude],
      longitude: [...TEST_PHOTO_GPS.longitude],
    });
    const position = await h.log.headPosition();
    const res = await upload(original, seller);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { photoId } = res.body;
    expect(photoId).toMatch(/^[0-9a-f]{32}$/);
    expect(res.body).toMatchObject({
      width: 2000,
      height: 1500,
      urls: {
        thumbnail: photoUrl(photoId, 'thumbnail'),
        card: photoUrl(photoId, 'card'),
        full: photoUrl(photoId, 'full'),
      },
    });
    const events = await eventsAfter(h.log, position);
    expect(events.map((e) => e.type)).toEqual(['PhotoUploaded']);
    expect(events[0]!.data).toMatchObject({ photoId, ownerId: seller.uid, width: 2000 });

    for (const [size, width] of Object.entries(PHOTO_SIZES)) {
      const stored = await h.photos.get(`${photoId}-${size}.webp`);
      expect(stored, size).not.toBeNull();
      expect(stored!.owner).toBe(seller.uid);
      const image = await describeImage(stored!.data);
      expect(image).toMatchObject({ format: 'webp', width, hasExif: false, hasXmp: false });
      expect(await gpsOf(stored!.data)).toBeNull();
    }
  });

  it('takes PNG and WebP too, never enlarging a small photo', async () => {
    for (const format of ['png', 'webp'] as const) {
      const res = await upload(
        await makeTestPhoto({ format, width: 300, height: 400, color: '#3d8b5a' }),
        seller,
        `image/${format}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const full = await h.photos.get(`${res.body.photoId}-full.webp`);
      expect(await describeImage(full!.data)).toMatchObject({ width: 300, height: 400 });
      const thumbnail = await h.photos.get(`${res.body.photoId}-thumbnail.webp`);
      expect(await describeImage(thumbnail!.data)).toMatchObject({ width: 150, height: 200 });
    }
  });

  it('turns a photo upright by its EXIF orientation before the orientation is dropped', async () => {
    // 800 × 600 pixels that a camera held sideways marks "rotate 90°".
    const sideways = await sharp(await makeTestPhoto({ width: 800, height: 600 }))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const res = await upload(sideways, seller);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ width: 600, height: 800 });
    const full = await h.photos.get(`${res.body.photoId}-full.webp`);
    expect(await describeImage(full!.data)).toMatchObject({
      width: 600,
      height: 800,
      hasExif: false,
    });
  });

  it('reads the type from the content: text declared as a JPEG and a real GIF are both refused', async () => {
    await refused(
      () => upload(Buffer.from('not an image at all, whatever the header says'), seller),
      400,
      PHOTO_TYPE_MESSAGE,
    );
    const gif = await makeTestPhoto({ format: 'gif', width: 50, height: 50 });
    await refused(() => upload(gif, seller, 'image/jpeg'), 400, PHOTO_TYPE_MESSAGE);
    // A JPEG cut short reads as a JPEG but cannot be decoded.
    const jpeg = await makeTestPhoto({ format: 'jpeg', width: 800, height: 600 });
    await refused(() => upload(jpeg.subarray(0, 600), seller), 400, /could not be read|JPEG/);
    await refused(() => upload(Buffer.alloc(0), seller), 400, /Send the photo/);
  });

  it('refuses a photo over 10 MB before decoding it', async () => {
    const tooLarge = Buffer.alloc(MAX_PHOTO_BYTES + 1, 0xff);
    await refused(() => upload(tooLarge, seller), 413, PHOTO_SIZE_MESSAGE);
  });

  it('a visitor gets 401 before the body is read', async () => {
    await refused(async () => upload(await makeTestPhoto(), null), 401, /sign in/i);
  });
});

describe('listing photos', () => {
  const uploadAs = async (user: TestUser, label: string, color: string) => {
    const res = await upload(await makeTestPhoto({ label, color, width: 900, height: 900 }), user);
    expect(res.status).toBe(201);
    return res.body.photoId as string;
  };

  it('a listing shows its photos in order, the first the cover; reordering changes the cover', async () => {
    const first = await uploadAs(seller, 'A', '#c7372f');
    const second = await uploadAs(seller, 'B', '#2f5fb3');
    const created = await h.call('POST', '/api/products', {
      token: seller.idToken,
      body: listingBody({ brand_id: brandId, photos: [first, second], image: 'ignored.svg' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      photos: [first, second],
      image: photoUrl(first, 'card'),
      gallery: [photoUrl(first, 'full'), photoUrl(second, 'full')],
    });
    const id = created.body.product_id;
    const reordered = await h.call('PUT', `/api/products/${id}`, {
      token: seller.idToken,
      body: { photos: [second, first] },
    });
    expect(reordered.status).toBe(200);
    expect(reordered.body).toMatchObject({
      photos: [second, first],
      image: photoUrl(second, 'card'),
    });
    // Every photo removed: no picture, the storefront shows its placeholder.
    const none = await h.call('PUT', `/api/products/${id}`, {
      token: seller.idToken,
      body: { photos: [] },
    });
    expect(none.body).toMatchObject({ photos: [], image: '', gallery: [] });
  });

  it("another user's photo cannot be attached (403), an unknown one neither (400)", async () => {
    const theirs = await uploadAs(other, 'X', '#26262b');
    await refused(
      () =>
        h.call('POST', '/api/products', {
          token: seller.idToken,
          body: listingBody({ brand_id: brandId, photos: [theirs] }),
        }),
      403,
      'You can only add photos you uploaded',
    );
    const mine = (
      await h.call('POST', '/api/products', {
        token: seller.idToken,
        body: listingBody({ brand_id: brandId }),
      })
    ).body.product_id;
    await refused(
      () =>
        h.call('PUT', `/api/products/${mine}`, {
          token: seller.idToken,
          body: { photos: [theirs] },
        }),
      403,
      'You can only add photos you uploaded',
    );
    await refused(
      () =>
        h.call('PUT', `/api/products/${mine}`, {
          token: seller.idToken,
          body: { photos: ['0123456789abcdef0123456789abcdef'] },
        }),
      400,
      /Unknown photo/,
    );
    await refused(
      () =>
        h.call('POST', '/api/products', {
          token: seller.idToken,
          body: listingBody({ brand_id: brandId, photos: Array(11).fill(theirs) }),
        }),
      400,
      /photos/,
    );
  });
});

describe('stock and original price', () => {
  it('the seller sets the units for sale and the original price, never below the price', async () => {
    const created = await h.call('POST', '/api/products', {
      token: seller.idToken,
      body: listingBody({ brand_id: brandId, price: 20, original_price: 50, stock: 2 }),
    });
    expect(created.body).toMatchObject({ stock: 2, original_price: 50 });
    const id = created.body.product_id;
    const updated = await h.call('PUT', `/api/products/${id}`, {
      token: seller.idToken,
      body: { stock: 7, original_price: 25 },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ stock: 7, original_price: 25 });
    await refused(
      () =>
        h.call('PUT', `/api/products/${id}`, {
          token: seller.idToken,
          body: { original_price: 19.99 },
        }),
      400,
      'The original price must be at least the price',
    );
    await refused(
      () =>
        h.call('POST', '/api/products', {
          token: seller.idToken,
          body: listingBody({ brand_id: brandId, price: 30, original_price: 10 }),
        }),
      400,
      'The original price must be at least the price',
    );
    // Raising the price above the original price is refused the same way.
    await refused(
      () => h.call('PUT', `/api/products/${id}`, { token: seller.idToken, body: { price: 26 } }),
      400,
      'The original price must be at least the price',
    );
    const cleared = await h.call('PUT', `/api/products/${id}`, {
      token: seller.idToken,
      body: { original_price: null, price: 26 },
    });
    expect(cleared.body).toMatchObject({ original_price: null, price: 26 });
  });
});
