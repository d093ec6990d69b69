/** The router of the distributed topology (docker/nginx.conf) sends the services' security headers. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  NGINX_HEADER_VARIABLES,
  nginxAddHeaderLines,
  nginxSecurityHeaderMaps,
  securityHeaders,
  securityOptionsFrom,
  type SecurityPolicyOptions,
} from '@rewear/server';
import { renderSite } from '../../scripts/distributed/router.ts';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const nginxConf = readFileSync(path.join(repo, 'docker/nginx.conf'), 'utf8');
/** The location of the one operator command, a dispute's settlement (command-api). */
const SETTLE = '~ ^/api/ops/disputes/[^/]+/settle$';

const base: SecurityPolicyOptions = {
  stripe: false,
  authEmulatorUrl: null,
  authDomain: 'demo-marketplace.firebaseapp.com',
  tls: false,
};

describe('the router (docker/nginx.conf)', () => {
  const mapsOf = (conf: string) =>
    conf.slice(conf.indexOf('# security headers: begin'), conf.indexOf('# security headers: end'));
  const compose: SecurityPolicyOptions = { ...base, authEmulatorUrl: 'http://localhost:9099' };

  it("holds the headers the services send in the compose file's configuration", () => {
    const expected = nginxSecurityHeaderMaps(securityHeaders(compose), 'the compose file');
    expect(nginxConf).toContain(expected);
    // The same options as the compose file's services read from their environment.
    expect(
      securityOptionsFrom(
        { firebaseProjectId: 'demo-marketplace', firebaseAuthEmulatorHost: 'firebase-auth:9099' },
        { AUTH_EMULATOR_PUBLIC_URL: 'http://localhost:9099', STRIPE_PUBLISHABLE_KEY: '' },
      ),
    ).toEqual(compose);
  });

  it('names every header in each location that answers by itself, and none where the services answer', () => {
    const locations = [...nginxConf.matchAll(/^ {2}location ([^{]+)\{([\s\S]*?)\n {2}\}/gm)].map(
      ([, where, body]) => [where!.trim(), body!] as const,
    );
    const own = ['= /healthz', '= /metrics', '/assets/', '/'];
    const proxied = [
      SETTLE,
      '/api/ops/',
      '= /api/photos',
      '= /api/notifications/stream',
      '/api/',
      '@command',
      '/images/',
    ];
    expect(locations.map(([where]) => where).sort()).toEqual([...own, ...proxied].sort());
    for (const [where, body] of locations) {
      const lines = body
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.startsWith('add_header '));
      if (own.includes(where)) {
        for (const line of nginxAddHeaderLines()) expect(lines, where).toContain(line);
      } else {
        // Without add_header a location would inherit the server's; the upstream sends them.
        expect(lines, where).toEqual([]);
        expect(body).toContain('proxy_pass');
      }
    }
    // No add_header at the server level: the proxied locations would send them twice.
    const server = nginxConf.slice(nginxConf.indexOf('server {'));
    expect(server.replace(/^ {2}location [^{]+\{[\s\S]*?\n {2}\}/gm, '')).not.toContain(
      'add_header',
    );
    expect(NGINX_HEADER_VARIABLES.map(([name]) => name)).toEqual(
      expect.arrayContaining(securityHeaders({ ...compose, tls: true }).map(([name]) => name)),
    );
  });

  it('sends the settlement of a dispute (a command) to command-api, the other operator routes to the projectors', () => {
    const proxyOf = (where: string) =>
      new RegExp(`location ${where} \\{[^}]*proxy_pass http://(\\w+);`).exec(nginxConf)?.[1];
    expect(proxyOf(SETTLE.replace(/[\^$[\]+\/]/g, (c) => `\\${c}`))).toBe('command_api');
    expect(proxyOf('/api/ops/')).toBe('ops_api');
    // The list of disputes waiting is a read of the projectors' process: no location of its own.
    expect(nginxConf).not.toMatch(/^ {2}location \/api\/ops\/disputes/m);
  });

  it('waits for an operator’s rebuild or replay longer than nginx’s default 60 s', () => {
    const ops = /^ {2}location \/api\/ops\/ \{([\s\S]*?)\n {2}\}/m.exec(nginxConf)?.[1];
    expect(ops).toBeDefined();
    expect(ops).toMatch(/proxy_read_timeout 15m;/);
  });

  it('never passes /metrics on: the services serve it to operators, scraped at each service', () => {
    for (const conf of [
      nginxConf,
      renderSite(nginxConf, {
        dir: '/tmp/router',
        listen: { host: '127.0.0.1', port: 8080 },
        clientDist: '/srv/client',
        upstreams: {
          query_api: ['127.0.0.1:1'],
          command_api: ['127.0.0.1:2'],
          ops_api: ['127.0.0.1:3'],
        },
        securityHeaders: securityHeaders(base),
      }),
    ]) {
      const metrics = /^ {2}location = \/metrics \{([\s\S]*?)\n {2}\}/m.exec(conf)?.[1];
      expect(metrics).toBeDefined();
      expect(metrics).toMatch(/^\s*return 404 /m);
      expect(metrics).not.toContain('proxy_pass');
    }
  });

  it('passes the live notification stream on as it is written, and holds it open', () => {
    const stream = /^ {2}location = \/api\/notifications\/stream \{([\s\S]*?)\n {2}\}/m.exec(
      nginxConf,
    )?.[1];
    expect(stream).toBeDefined();
    expect(stream).toContain('proxy_buffering off;');
    expect(stream).toContain('gzip off;');
    // Longer than the stream lives (15 min), far longer than the API's 30 s.
    expect(stream).toMatch(/proxy_read_timeout 1h;/);
    // Before the /api/ location's 30 s applies: an exact match wins in nginx whatever the order.
    expect(nginxConf).toMatch(/location \/api\/ \{[\s\S]*?proxy_read_timeout 30s;/);
  });

  it('carries out a command it has received even when the browser goes away, and only commands', () => {
    // The process topology's router is this file rendered (scripts/distributed/router.ts).
    const local = renderSite(nginxConf, {
      dir: '/tmp/router',
      listen: { host: '127.0.0.1', port: 8080 },
      clientDist: '/srv/client',
      upstreams: {
        query_api: ['127.0.0.1:1'],
        command_api: ['127.0.0.1:2', '127.0.0.1:3'],
        ops_api: ['127.0.0.1:4'],
      },
      securityHeaders: securityHeaders(base),
    });
    for (const [name, conf] of [
      ['docker/nginx.conf', nginxConf],
      ['the process topology', local],
    ] as const) {
      const locations = new Map(
        [...conf.matchAll(/^ {2}location ([^{]+)\{([\s\S]*?)\n {2}\}/gm)].map(
          ([, where, body]) => [where!.trim(), body!] as const,
        ),
      );
      const api = locations.get('/api/')!;
      // Every method but GET and HEAD leaves /api/ for @command, which goes to command-api.
      expect(api, name).toContain('error_page 418 = @command;');
      expect(api, name).toContain('if ($request_method !~ ^(GET|HEAD)$) { return 418; }');
      expect(api, name).toContain('proxy_pass http://query_api;');
      expect(api, name).not.toContain('proxy_ignore_client_abort');
      const command = locations.get('@command')!;
      expect(command, name).toContain('proxy_pass http://command_api;');
      expect(command, name).toContain('proxy_ignore_client_abort on;');
      expect(command, name).toMatch(/proxy_read_timeout 30s;/);
      // The other command routes: photo uploads and the settlement of a dispute.
      for (const where of ['= /api/photos', SETTLE])
        expect(locations.get(where), `${name}: ${where}`).toContain(
          'proxy_ignore_client_abort on;',
        );
      // A read the browser gave up on is not carried out.
      for (const where of ['= /api/notifications/stream', '/images/'])
        expect(locations.get(where), `${name}: ${where}`).not.toContain(
          'proxy_ignore_client_abort',
        );
    }
  });

  it('is rendered for the local topology with the values of its own configuration', () => {
    const local: SecurityPolicyOptions = {
      ...base,
      authEmulatorUrl: 'http://127.0.0.1:9099',
      stripe: true,
    };
    const site = renderSite(nginxConf, {
      dir: '/tmp/router',
      listen: { host: '127.0.0.1', port: 8080 },
      clientDist: '/srv/client',
      upstreams: {
        query_api: ['127.0.0.1:1'],
        command_api: ['127.0.0.1:2'],
        ops_api: ['127.0.0.1:3'],
      },
      securityHeaders: securityHeaders(local),
    });
    expect(mapsOf(site)).toBe(
      mapsOf(nginxSecurityHeaderMaps(securityHeaders(local), 'this configuration') + '\n'),
    );
    expect(mapsOf(site)).toContain('http://127.0.0.1:9099');
    expect(mapsOf(site)).not.toContain('http://localhost:9099');
    expect(mapsOf(site)).toContain('https://js.stripe.com');
    // The rest of the file is as it was.
    expect(site.slice(site.indexOf('# security headers: end'))).toContain(
      'add_header Content-Security-Policy $rewear_csp always;',
    );
  });
});
