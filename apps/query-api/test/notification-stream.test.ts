/**
 * GET /api/notifications/stream on the real read side (docs/product.md §11.7): each user receives
 * their own new notifications as they are projected, and nobody else's; a stream reopened with
 * the last event id it saw receives what it missed and nothing twice; visitors get 401.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EventSource } from 'eventsource';
import { SHIPMENT_TIMERS, type NotificationView } from '@rewear/contracts';
import { loggerFor, type ProjectionProgress, type ReadSide } from '@rewear/platform';
import { createTestUser, startAuthEmulatorForTests, type TestUser } from '@rewear/testing';
import { createNotificationFeed, createQueryApi } from '../src/index.ts';
import { startHarness, type Harness } from './harness.ts';

let stopEmulator: () => Promise<void>;
let h: Harness;
let buyer: TestUser;
let seller: TestUser;
let stranger: TestUser;
const open: LiveStream[] = [];

interface LiveStream {
  received: NotificationView[];
  /** The id of the last event (the stream's position). */
  lastId: () => string;
  /** Resolves once `count` notifications have arrived. */
  until(count: number): Promise<NotificationView[]>;
  ready: Promise<void>;
  close(): void;
}

/** Opens the stream as the client does: fetch with the Authorization header. */
function stream(token: string, lastEventId?: string, since?: string): LiveStream {
  const received: NotificationView[] = [];
  let lastId = '';
  const waiters: Array<() => void> = [];
  const query = since ? `?since=${encodeURIComponent(since)}` : '';
  const source = new EventSource(`${h.baseUrl}/api/notifications/stream${query}`, {
    fetch: (url, init) =>
      fetch(url, {
        ...init,
        headers: {
          ...init.headers,
          Authorization: `Bearer ${token}`,
          ...(lastEventId && !init.headers['Last-Event-ID']
            ? { 'Last-Event-ID': lastEventId }
            : {}),
        },
      }),
  });
  const ready = new Promise<void>((resolve, reject) => {
    source.addEventListener('ready', (event) => {
      lastId = event.lastEventId;
      resolve();
    });
    source.addEventListener('error', (event) => reject(new Error(`stream failed: ${event.code}`)));
  });
  source.addEventListener('notification', (event) => {
    lastId = event.lastEventId;
    received.push(JSON.parse(event.data) as NotificationView);
    for (const wake of waiters.splice(0)) wake();
  });
  const live: LiveStream = {
    received,
    lastId: () => lastId,
    ready,
    async until(count) {
      const deadline = Date.now() + 5000;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`${received.length} of ${count} notifications arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return received;
    },
    close: () => source.close(),
  };
  open.push(live);
  return live;
}

/** Long enough for several polls of the feed (200 ms apart) to have found nothing more. */
const severalPolls = () => new Promise((resolve) => setTimeout(resolve, 800));

const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

const opened = (shipmentId: string) => ({
  type: 'ShipmentOpened' as const,
  data: {
    shipmentId,
    orderId: `o-${shipmentId}`,
    sellerId: seller.uid,
    buyerId: buyer.uid,
    items: [
      { productId: 'p-live', title: 'Linen shirt', image: '', quantity: 1, unitPriceCents: 3000 },
    ],
    amountCents: 3000,
    currency: 'usd' as const,
    shipping: {
      name: 'Ada',
      address: '1 Main St',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      email: 'ada@example.com',
    },
    paymentIntentId: `pi_${shipmentId}`,
    openedAt: iso(0),
    shipBy: iso(SHIPMENT_TIMERS.shipWithinMs),
  },
});

beforeAll(async () => {
  stopEmulator = await startAuthEmulatorForTests();
  [buyer, seller, stranger] = await Promise.all([
    createTestUser(),
    createTestUser(),
    createTestUser(),
  ]);
  h = await startHarness();
});

afterAll(async () => {
  for (const s of open) s.close();
  await h?.close();
  await stopEmulator?.();
});

describe('GET /api/notifications/stream', () => {
  it('refuses a visitor and a malformed token with 401, a malformed position with 400', async () => {
    const visitor = await fetch(`${h.baseUrl}/api/notifications/stream`);
    expect(visitor.status).toBe(401);
    expect((await visitor.json()).message).toMatch(/sign in/i);
    const forged = await fetch(`${h.baseUrl}/api/notifications/stream`, {
      headers: { Authorization: 'Bearer not-a-jwt' },
    });
    expect(forged.status).toBe(401);
    const badCursor = await fetch(`${h.baseUrl}/api/notifications/stream`, {
      headers: { Authorization: `Bearer ${buyer.idToken}`, 'Last-Event-ID': 'yesterday' },
    });
    expect(badCursor.status).toBe(400);
    expect((await badCursor.json()).message).toContain('Last-Event-ID');
  });

  it('answers an event stream that no proxy should buffer', async () => {
    const controller = new AbortController();
    const res = await fetch(`${h.baseUrl}/api/notifications/stream`, {
      headers: { Authorization: `Bearer ${buyer.idToken}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    expect(res.headers.get('cache-control')).toContain('no-cache');
    controller.abort();
  });

  it("sends each user their own new notifications as they are projected, and nobody else's", async () => {
    const sellerStream = stream(seller.idToken);
    const buyerStream = stream(buyer.idToken);
    const strangerStream = stream(stranger.idToken);
    await Promise.all([sellerStream.ready, buyerStream.ready, strangerStream.ready]);

    await h.append('shipment', 's-live', [opened('s-live')]);
    const [sale] = await sellerStream.until(1);
    expect(sale).toMatchObject({
      id: 'shipment-s-live:1',
      kind: 'sale',
      link: '/sales',
      read: false,
    });
    expect(sale!.text).toContain('Linen shirt');

    await h.append('shipment', 's-live', [
      {
        type: 'ShipmentShipped',
        data: { shipmentId: 's-live', carrier: 'UPS', trackingNumber: '1Z9', shippedAt: iso(0) },
      },
    ]);
    const [shipped] = await buyerStream.until(1);
    expect(shipped).toMatchObject({ id: 'shipment-s-live:2', kind: 'shipped' });
    expect(shipped!.text).toContain('1Z9');

    await severalPolls();
    expect(sellerStream.received.map((n) => n.id)).toEqual(['shipment-s-live:1']);
    expect(buyerStream.received.map((n) => n.id)).toEqual(['shipment-s-live:2']);
    expect(strangerStream.received).toEqual([]);
    for (const s of [sellerStream, buyerStream, strangerStream]) s.close();
  });

  it('catches a reopened stream up from its last event id: what it missed, once', async () => {
    const first = stream(buyer.idToken);
    await first.ready;
    // A fresh stream sends nothing of the past: the page reads the list itself.
    await severalPolls();
    expect(first.received).toEqual([]);
    const position = first.lastId();
    expect(position).toMatch(/^\d{4}-\d{2}-\d{2}T.*\|shipment-s-live:2$/);
    first.close();

    // While the tab is away: the seller marks it delivered, then a second sale ships.
    await h.append('shipment', 's-live', [
      {
        type: 'ShipmentDelivered',
        data: {
          shipmentId: 's-live',
          confirmedBy: 'seller',
          deliveredAt: iso(0),
          protectionEndsAt: iso(SHIPMENT_TIMERS.protectionMs),
        },
      },
    ]);
    await h.append('shipment', 's-live-2', [
      opened('s-live-2'),
      {
        type: 'ShipmentShipped',
        data: { shipmentId: 's-live-2', carrier: 'DHL', trackingNumber: 'JD01', shippedAt: iso(1) },
      },
    ]);

    const back = stream(buyer.idToken, position);
    await back.ready;
    expect(back.received.map((n) => [n.id, n.kind])).toEqual([
      ['shipment-s-live:3', 'delivered'],
      ['shipment-s-live-2:2', 'shipped'],
    ]);
    // The position moved to the newest sent; reopening from it sends nothing again.
    back.close();
    const again = stream(buyer.idToken, back.lastId());
    await again.ready;
    await severalPolls();
    expect(again.received).toEqual([]);
    again.close();
  });

  it('resumes from ?since= as from Last-Event-ID', async () => {
    const list = await h.get('/api/notifications', { token: buyer.idToken });
    const notifications = list.body.notifications as NotificationView[];
    const oldest = notifications.at(-1)!;
    const resumed = stream(buyer.idToken, undefined, `${oldest.at}|${oldest.id}`);
    await resumed.ready;
    expect(resumed.received.map((n) => n.id)).toEqual(
      notifications
        .slice(0, -1)
        .map((n) => n.id)
        .reverse(),
    );
    resumed.close();
  });

  it('refuses an eleventh stream of one user with 429, and takes one again once a tab closes', async () => {
    const tabs = Array.from({ length: 10 }, () => stream(stranger.idToken));
    await Promise.all(tabs.map((tab) => tab.ready));
    const eleventh = await fetch(`${h.baseUrl}/api/notifications/stream`, {
      headers: { Authorization: `Bearer ${stranger.idToken}` },
    });
    expect(eleventh.status).toBe(429);
    expect((await eleventh.json()).message).toMatch(/Too many open notification streams/);
    // Another user is not counted against them.
    const other = stream(seller.idToken);
    await other.ready;
    other.close();

    tabs[0]!.close();
    const deadline = Date.now() + 5000;
    let again: LiveStream | null = null;
    while (!again && Date.now() < deadline) {
      // The server learns of the closed tab when its connection ends.
      await new Promise((resolve) => setTimeout(resolve, 100));
      const attempt = stream(stranger.idToken);
      again = await attempt.ready.then(
        () => attempt,
        () => null,
      );
    }
    expect(again).not.toBeNull();
    await again!.ready;
    for (const tab of [...tabs, again!]) tab.close();
  });

  it('holds one user to 10 streams when 200 open at once, and takes them again once all close', async () => {
    const burster = await createTestUser();
    /** Opens one stream: its status, and how to close it. */
    const open = async () => {
      const controller = new AbortController();
      const res = await fetch(`${h.baseUrl}/api/notifications/stream`, {
        headers: { Authorization: `Bearer ${burster.idToken}` },
        signal: controller.signal,
      });
      if (res.status !== 200) await res.body?.cancel();
      return { status: res.status, res, close: () => controller.abort() };
    };
    const burst = await Promise.all(Array.from({ length: 200 }, open));
    const opened = burst.filter((s) => s.status === 200);
    const refused = burst.filter((s) => s.status !== 200);
    expect(opened).toHaveLength(10);
    expect(new Set(refused.map((s) => s.status))).toEqual(new Set([429]));
    expect(refused).toHaveLength(190);

    for (const s of opened) s.close();
    // The server learns of the closed streams as their connections end; then 10 open again.
    let again: Awaited<ReturnType<typeof open>>[] = [];
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      again = await Promise.all(Array.from({ length: 10 }, open));
      if (again.every((s) => s.status === 200)) break;
      for (const s of again) s.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(again.map((s) => s.status)).toEqual(Array(10).fill(200));
    const eleventh = await open();
    expect(eleventh.status).toBe(429);
    for (const s of [...again, eleventh]) s.close();
  });

  it('gives the place back when opening a stream fails', async () => {
    const unreachable = async () => {
      throw new Error('read models out of reach');
    };
    const readSide = {
      collection: () => ({ find: unreachable, findOne: unreachable }),
    } as unknown as ReadSide;
    const live = createNotificationFeed(readSide);
    const app = createQueryApi({
      readSide,
      progress: { waitFor: async () => true } as unknown as ProjectionProgress,
      identity: {
        verify: async () => ({ uid: 'unlucky', email: null, name: null, picture: null }),
      },
      live,
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const quiet = vi.spyOn(loggerFor('http'), 'error').mockImplementation(() => {});
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/notifications/stream`;
      // More attempts than places: each failure gave its place back, so none is refused.
      for (let attempt = 0; attempt < 12; attempt++) {
        const res = await fetch(url, { headers: { Authorization: 'Bearer any' } });
        expect(res.status).toBe(500);
        await res.body?.cancel();
      }
      expect(live.size('unlucky')).toBe(0);
    } finally {
      quiet.mockRestore();
      live.close();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
