import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@rewear/platform';
import { createServerApp } from '../src/app.ts';

const answering = (name: string) => {
  const app = new Koa();
  app.use(async (ctx) => {
    if (ctx.path === '/api/missing') return;
    if (ctx.method === 'TRACE') {
      ctx.status = 405;
      ctx.body = { message: 'not allowed' };
      return;
    }
    ctx.body = { from: name, method: ctx.method };
  });
  return app;
};

describe('one-process server routing', () => {
  let base = '';
  let dist = '';
  let server: ReturnType<Koa['listen']>;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'rewear-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(
      join(dist, 'assets', 'app-abc123.js'),
      `console.log(${JSON.stringify('x'.repeat(4000))})`,
    );
    const app = createServerApp({
      queryApi: answering('query'),
      commandApi: answering('command'),
      routeDocs: [
        {
          method: 'get',
          path: '/api/brands/',
          summary: 'Brands',
          tags: ['reference'],
          auth: 'none',
          responses: { 200: 'Brand[]' },
        },
      ],
      clientDist: dist,
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends GET/HEAD to query-api and other methods to command-api', async () => {
    expect(await (await fetch(`${base}/api/products`)).json()).toEqual({
      from: 'query',
      method: 'GET',
    });
    for (const method of ['POST', 'PUT', 'DELETE']) {
      expect(await (await fetch(`${base}/api/cart/add-item`, { method })).json()).toEqual({
        from: 'command',
        method,
      });
    }
    const head = await fetch(`${base}/api/products`, { method: 'HEAD' });
    expect(head.status).toBe(200);
  });

  it('names the methods every API takes on a path in the Allow header of a 405', async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(`${base}/api/brands/`, { method: 'TRACE' }, resolve);
      request.once('error', reject);
      request.end();
    });
    answer.resume();
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD');
  });

  it('answers unknown API paths with a JSON 404, never the client page', async () => {
    const res = await fetch(`${base}/api/missing`);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toContain('/api/missing');
  });

  it('serves the OpenAPI document and its page', async () => {
    const doc = await (await fetch(`${base}/api/docs`)).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(['/api/brands/']);
    const page = await fetch(`${base}/api/docs/ui`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('/api/brands/');
  });

  it('falls back to index.html for client routes and caches hashed assets for good, compressed', async () => {
    const page = await fetch(`${base}/products/abc`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('id="root"');
    // A route whose last segment ends in a dot and digits (a decision's id) is the app's too.
    const notice = await fetch(`${base}/account/notices/listing.abc.1`);
    expect(notice.status).toBe(200);
    expect(await notice.text()).toContain('id="root"');
    const asset = await fetch(`${base}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${base}/images/categories/1.svg`)).headers.get('content-type')).toContain(
      'svg',
    );
  });
});

describe('answers cut short', () => {
  /** A server streaming a long answer at /slow; /broken's stream fails on the server's side. */
  async function streaming() {
    let closed: () => void = () => {};
    const sourceClosed = new Promise<void>((resolve) => (closed = resolve));
    // What the server logs, as JSON lines.
    const logged: string[] = [];
    const logger = createLogger({
      service: 'storefront',
      format: 'json',
      destination: { write: (line: string) => void logged.push(line) },
    });
    const app = createServerApp({
      logger,
      routers: [
        {
          routes: () => async (ctx: Koa.Context, next: Koa.Next) => {
            if (ctx.path !== '/slow' && ctx.path !== '/broken') return next();
            let sent = 0;
            const source = new Readable({
              read() {
                sent += 1;
                if (ctx.path === '/broken' && sent > 1) this.destroy(new Error('disk on fire'));
                else setTimeout(() => this.push('x'.repeat(16_384)), 5);
              },
            });
            source.once('close', closed);
            ctx.type = 'application/octet-stream';
            ctx.body = source;
          },
        },
      ],
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    return { server, port, sourceClosed, logged };
  }

  /** Asks for `path`, reads the first chunk and closes the connection, as a closed tab does. */
  const readAndHangUp = (port: number, path: string) =>
    new Promise<void>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (err) =>
        (err as NodeJS.ErrnoException).code === 'ECONNRESET' ? 0 : reject(err),
      );
    });

  it('logs the request as closed by the browser, without a stack trace, when it hangs up mid-answer', async () => {
    const { server, port, sourceClosed, logged } = await streaming();
    try {
      await readAndHangUp(port, '/slow');
      await sourceClosed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0]!)).toMatchObject({
        level: 30,
        service: 'storefront',
        route: '/slow',
        aborted: true,
      });
      expect(logged[0]).not.toContain('stack');
    } finally {
      server.close();
    }
  });

  it("still logs a stream that fails on the server's side", async () => {
    const { server, port, sourceClosed, logged } = await streaming();
    try {
      await new Promise<void>((resolve) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/broken' }, (res) => {
          res.on('data', () => {});
          res.once('close', resolve);
        });
        req.on('error', () => resolve());
      });
      await sourceClosed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(logged).toHaveLength(1);
      expect(JSON.parse(logged[0]!)).toMatchObject({ level: 50, err: { message: 'disk on fire' } });
    } finally {
      server.close();
    }
  });
});
