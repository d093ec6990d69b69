/**
 * Slow and odd clients on the one-process server, with a 1 s request timeout configured: a
 * client trickling its body or its headers a byte a second is cut off (408, connection closed)
 * and holds nothing meanwhile; an idle kept-alive connection is not mistaken for a slow one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@rewear/platform';
import { startStack, serverTimeouts, type RunningStack } from '../src/stack.ts';

const TIMEOUT_MS = 1000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'rewear-slow-clients-'));
let stack: RunningStack;
let port = 0;

beforeAll(async () => {
  stack = await startStack(
    {
      ...loadConfig({ HTTP_REQUEST_TIMEOUT_MS: String(TIMEOUT_MS) }),
      dataDir,
      // Not a `demo-` project: no Auth emulator is started; no request here carries a token.
      firebaseProjectId: 'rewear-slow-clients-test',
      seedOnFirstStart: false,
    },
    { role: 'all', port: 0, host: '127.0.0.1', clientDist: null, log: () => {} },
  );
  port = Number(new URL(stack.url!).port);
});
afterAll(async () => {
  await stack?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Trickle {
  /** Everything the server sent. */
  received(): string;
  /** Resolves with the milliseconds from the first byte sent until the server closed. */
  closed: Promise<number>;
  stop(): void;
}

/** Sends `head` at once, then `rest` one byte a second until the server closes the socket. */
function trickle(head: string, rest: string): Trickle {
  const socket = net.connect(port, '127.0.0.1');
  let text = '';
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) =>
    socket.on('close', () => {
      clearInterval(timer);
      resolve(Date.now() - started);
    }),
  );
  socket.on('connect', () => {
    socket.write(head);
    let i = 0;
    timer = setInterval(() => {
      if (i < rest.length && !socket.destroyed) socket.write(rest[i++]!);
    }, 1000);
  });
  return {
    received: () => text,
    closed,
    stop: () => {
      clearInterval(timer);
      socket.destroy();
    },
  };
}

describe('slow and odd clients', () => {
  it('derives the server timeouts from the configuration', () => {
    expect(serverTimeouts({ requestTimeoutMs: 30_000 })).toEqual({
      requestTimeout: 30_000,
      headersTimeout: 10_000,
      keepAliveTimeout: 65_000,
      connectionsCheckingInterval: 1_000,
    });
    expect(serverTimeouts({ requestTimeoutMs: 1_000 })).toMatchObject({
      requestTimeout: 1_000,
      headersTimeout: 1_000,
      connectionsCheckingInterval: 250,
    });
    expect(loadConfig({}).requestTimeoutMs).toBe(30_000);
  });

  it('cuts off a client sending its body a byte a second, and serves others meanwhile', async () => {
    const body = JSON.stringify({ email: 'slow@example.com' });
    const slow = trickle(
      'POST /api/newsletter/subscribe HTTP/1.1\r\nHost: localhost\r\n' +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    );
    try {
      // The server answers others while the slow body trickles in.
      const health = await fetch(`${stack.url}/api/health`);
      expect([200, 503]).toContain(health.status);
      const after = await Promise.race([
        slow.closed,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error('slow client still connected')), 5 * TIMEOUT_MS),
        ),
      ]);
      expect(after).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
      expect(after).toBeLessThan(3 * TIMEOUT_MS);
      // Cut off before the body was complete, with 408 (or just closed).
      if (slow.received()) expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      slow.stop();
    }
  });

  it('cuts off a client sending its headers a byte a second', async () => {
    const slow = trickle('GET /api/health HTTP/1.1\r\n', 'Host: localhost\r\nX-Slow: yes\r\n\r\n');
    try {
      const after = await Promise.race([
        slow.closed,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error('slow client still connected')), 5 * TIMEOUT_MS),
        ),
      ]);
      expect(after).toBeLessThan(3 * TIMEOUT_MS);
      if (slow.received()) expect(slow.received()).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      slow.stop();
    }
  });

  it('keeps an idle kept-alive connection usable for longer than the request timeout', async () => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    let text = '';
    socket.on('data', (chunk: string) => (text += chunk));
    const request = 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n';
    const answers = async (count: number) => {
      const deadline = Date.now() + 3000;
      while ((text.match(/HTTP\/1\.1 \d{3}/g) ?? []).length < count && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      return text.match(/HTTP\/1\.1 \d{3}/g) ?? [];
    };
    try {
      await new Promise<void>((resolve) => socket.on('connect', resolve));
      socket.write(request);
      expect(await answers(1)).toHaveLength(1);
      await new Promise((r) => setTimeout(r, 2 * TIMEOUT_MS));
      expect(socket.destroyed).toBe(false);
      socket.write(request);
      const all = await answers(2);
      expect(all).toHaveLength(2);
      expect(all[1]).not.toBe('HTTP/1.1 408');
    } finally {
      socket.destroy();
    }
  });
});
