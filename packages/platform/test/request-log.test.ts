import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import Koa from 'koa';
import Router from '@koa/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createLogger,
  logAppErrors,
  logFormatFrom,
  logLevelFrom,
  requestLogging,
  traceIdFrom,
  type RequestLogState,
} from '../src/logging/index.ts';
import { errorHandler } from '../src/http/middleware.ts';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const TRACEPARENT = `00-${TRACE_ID}-00f067aa0ba902b7-01`;

/** A logger writing JSON lines into `raw` (the text) and `lines` (parsed). */
function capture() {
  const raw: string[] = [];
  const logger = createLogger({
    service: 'query-api',
    format: 'json',
    level: 'info',
    destination: { write: (line: string) => void raw.push(line) },
  });
  const lines = () => raw.map((line) => JSON.parse(line) as Record<string, unknown>);
  return { raw, lines, logger };
}

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A Koa app with the request logger first and `mount` after it, listening on a free port. */
async function serve(mount: (app: Koa, router: Router) => void) {
  const { raw, lines, logger } = capture();
  const app = new Koa();
  logAppErrors(app, logger);
  app.use(requestLogging({ logger }));
  const router = new Router();
  mount(app, router);
  app.use(router.routes());
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** The lines once the request's has been written (a moment after the answer), and no more. */
  const settled = async (count = 1) => {
    await vi.waitFor(() => expect(raw.length).toBeGreaterThanOrEqual(count));
    await new Promise((resolve) => setTimeout(resolve, 30));
    return lines();
  };
  return { base, raw, settled };
}

describe('request logging', () => {
  it('writes one JSON line at info per request: service, route, status, request id, the trace id of its traceparent', async () => {
    let seen: RequestLogState = {};
    const { base, raw, settled } = await serve((_app, router) => {
      router.get('/api/products/:id', (ctx) => {
        seen = { requestId: ctx.state.requestId, traceId: ctx.state.traceId };
        ctx.body = { id: ctx.params.id };
      });
    });
    const res = await fetch(`${base}/api/products/p-42?email=ann%40example.com&token=s3cret`, {
      headers: {
        traceparent: TRACEPARENT,
        authorization: 'Bearer eyJhbGciOi.secret-token',
        'x-request-id': 'req-123',
      },
    });
    expect(res.status).toBe(200);
    const [line, ...more] = await settled();
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      service: 'query-api',
      method: 'GET',
      route: '/api/products/:id',
      status: 200,
      requestId: 'req-123',
      traceId: TRACE_ID,
    });
    expect(line!.durationMs).toEqual(expect.any(Number));
    // What later code reads is what was logged.
    expect(seen).toEqual({ requestId: 'req-123', traceId: TRACE_ID });
    // Nothing of the query string, the token or the Authorization header.
    for (const secret of ['s3cret', 'ann', 'example.com', 'email', 'secret-token', 'eyJ', '?'])
      expect(raw[0]).not.toContain(secret);
  });

  it('makes up a request id and a trace id when the request brings none (or an invalid traceparent)', async () => {
    const { base, settled } = await serve((_app, router) => {
      router.get('/ping', (ctx) => void (ctx.body = 'pong'));
    });
    const answers = [
      await fetch(`${base}/ping`),
      await fetch(`${base}/ping`, {
        headers: { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` },
      }),
    ];
    const [first, second] = await settled(2);
    // The answer names the request's id, as the log line does.
    expect(answers.map((res) => res.headers.get('x-request-id'))).toEqual([
      first!.requestId,
      second!.requestId,
    ]);
    for (const line of [first!, second!]) {
      expect(line.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(line.traceId).not.toBe('0'.repeat(32));
      expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(first!.traceId).not.toBe(second!.traceId);
    expect(first!.requestId).not.toBe(second!.requestId);
  });

  it('keeps a sent X-Request-Id of safe characters, and answers with it; replaces any other', async () => {
    const { base, settled } = await serve((_app, router) => {
      router.get('/ping', (ctx) => void (ctx.body = 'pong'));
    });
    const kept = await fetch(`${base}/ping`, { headers: { 'x-request-id': 'edge-7f3a:01' } });
    const replaced = await fetch(`${base}/ping`, {
      headers: { 'x-request-id': 'a b <script>' },
    });
    const [first, second] = await settled(2);
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a:01');
    expect(first!.requestId).toBe('edge-7f3a:01');
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second!.requestId).toBe(replaced.headers.get('x-request-id'));
  });

  it('logs the path without its query string when no route matched', async () => {
    const { base, raw, settled } = await serve(() => {});
    await fetch(`${base}/nowhere/at-all?q=private`);
    const [line] = await settled();
    expect(line).toMatchObject({ level: 30, route: '/nowhere/at-all', status: 404 });
    expect(raw[0]).not.toContain('private');
  });

  it('logs a thrown error at error, once, with its message, stack and cause', async () => {
    const { base, settled } = await serve((_app, router) => {
      router.get('/api/orders/:id', () => {
        throw new Error('placing the order failed', {
          cause: Object.assign(new Error('the event store refused the append'), { code: 'E42' }),
        });
      });
    });
    const res = await fetch(`${base}/api/orders/o-1`);
    expect(res.status).toBe(500);
    const [line, ...more] = await settled();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 50, status: 500, route: '/api/orders/:id' });
    const err = line!.err as { message: string; stack: string; cause: Record<string, string> };
    expect(err.message).toBe('placing the order failed');
    expect(err.stack).toMatch(/^Error: placing the order failed\n\s+at /);
    expect(err.cause).toMatchObject({ message: 'the event store refused the append', code: 'E42' });
    expect(err.cause.stack).toContain('the event store refused the append');
  });

  it('carries the 500 that errorHandler answered on the request line, not a line of its own', async () => {
    const { base, settled } = await serve((app, router) => {
      app.use(errorHandler());
      router.post('/api/cart', () => {
        throw new Error('cart projection broken', { cause: new Error('disk full') });
      });
    });
    const res = await fetch(`${base}/api/cart`, { method: 'POST' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      message: 'Something went wrong on our side. Please try again.',
    });
    const [line, ...more] = await settled();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 50, status: 500, method: 'POST', route: '/api/cart' });
    expect(line!.err).toMatchObject({
      message: 'cart projection broken',
      cause: { message: 'disk full' },
    });
  });

  it('logs a client that went away mid-answer as one info line without a stack trace', async () => {
    let sourceClosed!: () => void;
    const closed = new Promise<void>((resolve) => (sourceClosed = resolve));
    const { base, raw, settled } = await serve((_app, router) => {
      router.get('/download', (ctx) => {
        const source = new Readable({
          read() {
            setTimeout(() => this.push('x'.repeat(16_384)), 5);
          },
        });
        source.once('close', sourceClosed);
        ctx.type = 'application/octet-stream';
        ctx.body = source;
      });
    });
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${base}/download`, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) =>
        (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? 0 : reject(err),
      );
    });
    await closed;
    const [line, ...more] = await settled();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, route: '/download', aborted: true });
    expect(line).not.toHaveProperty('err');
    expect(raw.join('')).not.toMatch(/stack|\bat /);
  });

  it('logs a stream that fails on the server side at error, with its stack', async () => {
    const { base, settled } = await serve((_app, router) => {
      router.get('/broken', (ctx) => {
        let sent = 0;
        ctx.type = 'application/octet-stream';
        ctx.body = new Readable({
          read() {
            if (++sent > 1) this.destroy(new Error('disk on fire'));
            else this.push('x'.repeat(16_384));
          },
        });
      });
    });
    await new Promise<void>((resolve) => {
      const req = http.get(`${base}/broken`, (res) => {
        res.on('data', () => {});
        res.once('close', resolve);
      });
      req.on('error', () => resolve());
    });
    const lines = await settled();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      route: '/broken',
      err: { message: 'disk on fire' },
    });
    expect((lines[0]!.err as { stack: string }).stack).toContain('disk on fire');
  });
});

describe('W3C traceparent', () => {
  it('takes the trace id of a valid header only', () => {
    expect(traceIdFrom(TRACEPARENT)).toBe(TRACE_ID);
    expect(traceIdFrom(` ${TRACEPARENT} `)).toBe(TRACE_ID);
    // A later version may add fields; version 00 may not.
    expect(traceIdFrom(`01-${TRACE_ID}-00f067aa0ba902b7-01-more`)).toBe(TRACE_ID);
    expect(traceIdFrom(`${TRACEPARENT}-more`)).toBeNull();
    expect(traceIdFrom(`ff-${TRACE_ID}-00f067aa0ba902b7-01`)).toBeNull();
    expect(traceIdFrom(`00-${'0'.repeat(32)}-00f067aa0ba902b7-01`)).toBeNull();
    expect(traceIdFrom(`00-${TRACE_ID}-${'0'.repeat(16)}-01`)).toBeNull();
    expect(traceIdFrom(`00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`)).toBeNull();
    expect(traceIdFrom(`00-${TRACE_ID}-00f067aa0ba902b7`)).toBeNull();
    expect(traceIdFrom(undefined)).toBeNull();
    expect(traceIdFrom('')).toBeNull();
  });
});

describe('logger settings', () => {
  it('reads LOG_LEVEL and LOG_FORMAT: JSON unless asked or on a terminal', () => {
    expect(logLevelFrom({})).toBe('info');
    expect(logLevelFrom({ LOG_LEVEL: 'DEBUG' })).toBe('debug');
    expect(logLevelFrom({ LOG_LEVEL: 'loud' })).toBe('info');
    expect(logFormatFrom({}, false)).toBe('json');
    expect(logFormatFrom({}, true)).toBe('pretty');
    expect(logFormatFrom({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatFrom({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
  });

  it('writes pretty lines for a person, keeping the message and the request fields', () => {
    const raw: string[] = [];
    const logger = createLogger({
      service: 'storefront',
      format: 'pretty',
      destination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          raw.push(chunk.toString());
          done();
        },
      }),
    });
    logger.child({ component: 'server' }).info('[server] all listening on http://127.0.0.1:8080');
    logger.info({ requestId: 'r-1', status: 200 }, 'GET /api/health 200');
    const text = raw.join('');
    expect(text).toContain('INFO');
    expect(text).toContain('[server] all listening on http://127.0.0.1:8080');
    expect(text).toMatch(/GET \/api\/health 200.*"requestId":"r-1"/);
    expect(() => JSON.parse(raw[0]!)).toThrow();
    expect(text).not.toContain('storefront');
  });

  it('leaves out what is below the level', () => {
    const raw: string[] = [];
    const logger = createLogger({
      service: 'projectors',
      format: 'json',
      level: 'warn',
      destination: { write: (line: string) => void raw.push(line) },
    });
    logger.info('quiet');
    logger.warn('loud');
    expect(raw.map((line) => (JSON.parse(line) as { msg: string }).msg)).toEqual(['loud']);
  });
});
