/**
 * The security headers of every answer, the storefront's HTML and the API's alike: a
 * Content-Security-Policy that allows what the storefront loads and nothing else, nosniff, a
 * strict referrer policy, no framing, a permissions policy, and HSTS where the deployment serves
 * TLS. One pure function builds them from the configuration; the one-process server sends them
 * (createServerApp) and the router of the distributed topology (docker/nginx.conf) sends the
 * same, rendered by `nginxSecurityHeaderMaps` (see scripts/distributed/router.ts).
 */
import { createHash } from 'node:crypto';
import type { Middleware } from 'koa';
import { ROUTE_PRELOAD_SCRIPT } from '@rewear/contracts';
import type { Config } from '@rewear/platform';
import { clientConfigFrom } from './client-config.ts';

export interface SecurityPolicyOptions {
  /** A Stripe publishable key is configured: the checkout loads Stripe.js and its frames. */
  stripe: boolean;
  /** The Auth emulator's URL as the browser reaches it; null with Firebase Authentication. */
  authEmulatorUrl: string | null;
  /** Firebase's auth domain: its helper pages back the Google sign-in popup and redirect. */
  authDomain: string;
  /** The deployment serves the storefront over HTTPS only (SERVED_OVER_TLS): HSTS is sent. */
  tls: boolean;
}

/** Header name and value, in the order they are sent. */
export type SecurityHeaders = ReadonlyArray<readonly [name: string, value: string]>;

/** A CSP source allowing one inline script or style by its SHA-256. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];
const STRIPE_FRAMES = [...STRIPE_SCRIPTS, 'https://hooks.stripe.com'];
const FIREBASE_AUTH_APIS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
];
/** Firebase Auth loads Google's iframe library for the sign-in popup and redirect. */
const GOOGLE_API_LOADER = 'https://apis.google.com';

/** The headers for a configuration: a pure function of it. */
export function securityHeaders(options: SecurityPolicyOptions): SecurityHeaders {
  const emulator = options.authEmulatorUrl ? [new URL(options.authEmulatorUrl).origin] : [];
  const stripe = options.stripe;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    [
      'script-src',
      [
        "'self'",
        sha256Source(ROUTE_PRELOAD_SCRIPT),
        GOOGLE_API_LOADER,
        ...(stripe ? STRIPE_SCRIPTS : []),
      ],
    ],
    ['style-src', ["'self'"]],
    // Listings show pictures from any https address their sellers give, and the drawn ones.
    ['img-src', ["'self'", 'data:', 'https:']],
    ['font-src', ["'self'"]],
    [
      'connect-src',
      ["'self'", ...FIREBASE_AUTH_APIS, ...emulator, ...(stripe ? ['https://api.stripe.com'] : [])],
    ],
    ['frame-src', [`https://${options.authDomain}`, ...emulator, ...(stripe ? STRIPE_FRAMES : [])]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  const denied = ['accelerometer', 'camera', 'geolocation', 'gyroscope', 'magnetometer'];
  const permissions = [
    ...denied.map((feature) => `${feature}=()`),
    'microphone=()',
    // Stripe's card frames may ask for the Payment Request API.
    stripe ? 'payment=(self "https://js.stripe.com")' : 'payment=()',
    'usb=()',
  ];
  const headers: Array<[string, string]> = [
    [
      'Content-Security-Policy',
      directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; '),
    ],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'DENY'],
    // The origin only, and only over HTTPS: Firebase API keys restricted to the site's address
    // and Stripe need the origin; no path or query of the storefront leaves it.
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', permissions.join(', ')],
    // The sign-in popup must still be able to answer its opener.
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
  ];
  if (options.tls)
    headers.push(['Strict-Transport-Security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

/** The options of a configuration, as the browser will see it (clientConfigFrom). */
export function securityOptionsFrom(
  config: Pick<Config, 'firebaseProjectId' | 'firebaseAuthEmulatorHost'>,
  env: NodeJS.ProcessEnv = process.env,
): SecurityPolicyOptions {
  const client = clientConfigFrom(config, env);
  return {
    stripe: client.stripePublishableKey !== null,
    authEmulatorUrl: client.firebase.authEmulatorUrl,
    authDomain: client.firebase.authDomain,
    tls: env.SERVED_OVER_TLS?.trim() === 'true',
  };
}

/**
 * The policy of a page the server writes itself (the API documentation): nothing but its own
 * inline styles and scripts, by hash.
 */
export function pagePolicy(html: string): string {
  const hashes = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
      sha256Source(m[1]!),
    );
  const styles = hashes('style');
  const scripts = hashes('script');
  return [
    "default-src 'none'",
    ...(styles.length ? [`style-src ${styles.join(' ')}`] : []),
    ...(scripts.length ? [`script-src ${scripts.join(' ')}`] : []),
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Sets the headers on every answer, error answers included. */
export function securityHeadersMiddleware(headers: SecurityHeaders): Middleware {
  const fields = Object.fromEntries(headers);
  return async (ctx, next) => {
    ctx.set(fields);
    try {
      await next();
    } catch (err) {
      // Koa's error answer drops the headers set so far and sends only the error's own.
      if (err !== null && typeof err === 'object') {
        const error = err as { headers?: Record<string, string> };
        error.headers = { ...fields, ...error.headers };
      }
      throw err;
    }
  };
}

/**
 * The router's side. nginx's add_header in a location replaces the server's, so each location
 * that answers by itself names every header (`add_header NAME $variable always;`), and the
 * values come from these maps at the http level, one variable per header. A header the
 * configuration does not send (HSTS without TLS) has an empty value, which nginx leaves out.
 */
export const NGINX_HEADER_VARIABLES: ReadonlyArray<readonly [name: string, variable: string]> = [
  ['Content-Security-Policy', 'rewear_csp'],
  ['X-Content-Type-Options', 'rewear_nosniff'],
  ['X-Frame-Options', 'rewear_frame_options'],
  ['Referrer-Policy', 'rewear_referrer_policy'],
  ['Permissions-Policy', 'rewear_permissions_policy'],
  ['Cross-Origin-Opener-Policy', 'rewear_opener_policy'],
  ['Strict-Transport-Security', 'rewear_hsts'],
];

export const NGINX_MAPS_BEGIN = '# security headers: begin';
export const NGINX_MAPS_END = '# security headers: end';

const nginxString = (value: string) => `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** The http-level block of docker/nginx.conf that holds the headers' values. */
export function nginxSecurityHeaderMaps(headers: SecurityHeaders, note: string): string {
  const values = new Map(headers);
  for (const [name] of headers)
    if (!NGINX_HEADER_VARIABLES.some(([known]) => known === name))
      throw new Error(`no nginx variable for the header ${name}`);
  const maps = NGINX_HEADER_VARIABLES.map(
    ([name, variable]) =>
      `map $request_method $${variable} { default ${nginxString(values.get(name) ?? '')}; }`,
  );
  return [`${NGINX_MAPS_BEGIN} (${note})`, ...maps, NGINX_MAPS_END].join('\n');
}

/** The lines each answering location of docker/nginx.conf carries. */
export function nginxAddHeaderLines(): string[] {
  return NGINX_HEADER_VARIABLES.map(
    ([name, variable]) => `add_header ${name} $${variable} always;`,
  );
}
