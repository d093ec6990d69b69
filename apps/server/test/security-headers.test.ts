import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PRELOAD_SCRIPT } from '@rewear/contracts';
import { createServerApp } from '../src/app.ts';
import {
  pagePolicy,
  securityHeaders,
  securityOptionsFrom,
  sha256Source,
  type SecurityPolicyOptions,
} from '../src/security-headers.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const base: SecurityPolicyOptions = {
  stripe: false,
  authEmulatorUrl: null,
  authDomain: 'demo-marketplace.firebaseapp.com',
  tls: false,
};
const header = (options: SecurityPolicyOptions, name: string) =>
  new Map(securityHeaders(options)).get(name);
const directives = (options: SecurityPolicyOptions) =>
  new Map(
    header(options, 'Content-Security-Policy')!
      .split('; ')
      .map((part) => {
        const [name, ...sources] = part.split(' ');
        return [name!, sources] as const;
      }),
  );

describe('securityHeaders', () => {
  it('allows the storefront itself, Firebase sign-in and https pictures, and nothing inline but the preload script', () => {
    const csp = directives(base);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual([
      "'self'",
      sha256Source(ROUTE_PRELOAD_SCRIPT),
      'https://apis.google.com',
    ]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(csp.get('frame-src')).toEqual(['https://demo-marketplace.firebaseapp.com']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    const all = [...csp.values()].flat();
    expect(all).not.toContain("'unsafe-inline'");
    expect(all).not.toContain("'unsafe-eval'");
    expect(all.some((source) => source.includes('stripe'))).toBe(false);
  });

  it('sends nosniff, no framing, a strict referrer policy and a permissions policy', () => {
    expect(Object.fromEntries(securityHeaders(base))).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'Permissions-Policy': expect.stringContaining('camera=(), geolocation=()'),
    });
    expect(header(base, 'Permissions-Policy')).toContain('payment=()');
  });

  it('allows Stripe.js, its frames and its API only with a publishable key', () => {
    const csp = directives({ ...base, stripe: true });
    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://*.js.stripe.com']),
    );
    expect(csp.get('frame-src')).toEqual(
      expect.arrayContaining(['https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(csp.get('connect-src')).toContain('https://api.stripe.com');
    expect(header({ ...base, stripe: true }, 'Permissions-Policy')).toContain(
      'payment=(self "https://js.stripe.com")',
    );
  });

  it('lets the browser reach the Auth emulator by its origin only when there is one', () => {
    const csp = directives({ ...base, authEmulatorUrl: 'http://127.0.0.1:9099/' });
    expect(csp.get('connect-src')).toContain('http://127.0.0.1:9099');
    expect(csp.get('frame-src')).toContain('http://127.0.0.1:9099');
    expect(header(base, 'Content-Security-Policy')).not.toContain('9099');
  });

  it('sends HSTS only where the deployment serves TLS', () => {
    expect(header(base, 'Strict-Transport-Security')).toBeUndefined();
    expect(header({ ...base, tls: true }, 'Strict-Transport-Security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('reads the options from the configuration as the browser gets it', () => {
    const config = { firebaseProjectId: 'shop', firebaseAuthEmulatorHost: 'firebase-auth:9099' };
    expect(
      securityOptionsFrom(config, {
        AUTH_EMULATOR_PUBLIC_URL: 'http://localhost:9099',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
        SERVED_OVER_TLS: 'true',
      }),
    ).toEqual({
      stripe: true,
      authEmulatorUrl: 'http://localhost:9099',
      authDomain: 'shop.firebaseapp.com',
      tls: true,
    });
    expect(
      securityOptionsFrom({ firebaseProjectId: 'shop', firebaseAuthEmulatorHost: null }, {}),
    ).toEqual({
      stripe: false,
      authEmulatorUrl: null,
      authDomain: 'shop.firebaseapp.com',
      tls: false,
    });
  });

  it("allows a page the server writes by its own inline styles' hashes", () => {
    const policy = pagePolicy('<html><style>body{margin:0}</style></html>');
    expect(policy).toContain(`style-src ${sha256Source('body{margin:0}')}`);
    expect(policy).toContain("default-src 'none'");
  });
});

describe('the built client', () => {
  const dist = path.join(repo, 'apps/client/dist/index.html');
  let html: string | null = null;
  try {
    html = readFileSync(dist, 'utf8');
  } catch {
    html = null;
    console.warn(
      `[skipped] the built client's inline scripts: ${dist} is missing (npm run build -w @rewear/client)`,
    );
  }
  it.skipIf(html === null)('runs no inline script the policy does not allow by hash', () => {
    const scripts = [...html!.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)];
    const inline = scripts.filter(
      ([, attributes = '']) =>
        !/\bsrc=/.test(attributes) && !/type="application\/json"/.test(attributes),
    );
    expect(inline.length).toBeGreaterThan(0);
    const allowed = directives(base).get('script-src')!;
    for (const [, , body] of inline) expect(allowed).toContain(sha256Source(body!));
  });
});

describe('the one-process server', () => {
  let server: ReturnType<Koa['listen']>;
  let url = '';
  let dist = '';
  const options: SecurityPolicyOptions = { ...base, authEmulatorUrl: 'http://127.0.0.1:9099' };
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'rewear-dist-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    const api = new Koa();
    api.use(async (ctx) => {
      if (ctx.path === '/api/boom') throw new Error('boom');
      ctx.body = { ok: true };
    });
    const app = createServerApp({
      queryApi: api,
      commandApi: api,
      routeDocs: [],
      clientDist: dist,
      security: options,
    });
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends the headers on the HTML, API answers and errors', async () => {
    const expected = Object.fromEntries(securityHeaders(options));
    for (const pathname of ['/', '/products/p1', '/api/products', '/api/boom', '/missing.js']) {
      const response = await fetch(`${url}${pathname}`);
      for (const [name, value] of Object.entries(expected))
        expect(response.headers.get(name), `${pathname} ${name}`).toBe(value);
      expect(response.headers.get('Strict-Transport-Security')).toBeNull();
    }
    expect((await fetch(`${url}/api/boom`)).status).toBe(500);
  });

  it('gives the documentation page a policy of its own', async () => {
    const docs = await fetch(`${url}/api/docs/ui`);
    expect(docs.headers.get('Content-Security-Policy')).toMatch(
      /^default-src 'none'; style-src 'sha256-/,
    );
    expect(docs.headers.get('X-Frame-Options')).toBe('DENY');
  });
});
