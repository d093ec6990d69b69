/**
 * The benchmarks' load generator machinery, shared by `api-load.ts` (bench:api) and
 * `search-load.ts` (bench:search): a keep-alive HTTP client, a closed loop of N clients each
 * sending its next request when the previous one answered, and percentiles of what it measured.
 */
import http from 'node:http';

/** What the generator measured of one scenario's timed part. */
export interface LoadResult {
  name: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
}

export interface Answer {
  status: number;
  /** Size of the body as received. */
  bytes: number;
  /** Decoded on first read: most checks need only the status. */
  readonly body: string;
}

function answerOf(status: number, bytes: Buffer): Answer {
  let text: string | undefined;
  return {
    status,
    bytes: bytes.length,
    get body() {
      return (text ??= bytes.toString('utf8'));
    },
  };
}

export type Request = (
  base: string,
  method: string,
  target: string,
  body?: unknown,
  token?: string,
  extraHeaders?: Record<string, string>,
) => Promise<Answer>;

/** An HTTP client keeping up to `concurrency` × 2 connections alive; `destroy` closes them. */
export function createHttpClient(concurrency: number): { request: Request; destroy(): void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * 2 });
  const request: Request = (base, method, target, body, token, extraHeaders = {}) => {
    const url = new URL(target, base);
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        url,
        {
          method,
          agent,
          headers: {
            ...(payload
              ? {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }
              : {}),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...extraHeaders,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve(
              answerOf(
                res.statusCode ?? 0,
                chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks),
              ),
            ),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  };
  return { request, destroy: () => agent.destroy() };
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export interface LoadLoop {
  concurrency: number;
  maxRequests: number;
  maxMs: number;
  /** Untimed requests per client before the timed part (JIT, connections), for at most maxMs / 4. */
  warmUp: number;
  /** Called (and awaited) right before and right after the timed part. */
  onTimedStart?: () => Promise<void>;
  log?: (line: string) => void;
}

/**
 * `concurrency` clients, each sending its next request when the previous one answered, until
 * `maxRequests` were sent or `maxMs` passed. Warm-up requests get negative indexes.
 */
export async function runLoad(
  name: string,
  loop: LoadLoop,
  next: (client: number, i: number) => Promise<Answer>,
  expect: (a: Answer) => boolean,
): Promise<LoadResult> {
  // The warm-up stops early past a quarter of the timed part's limit (a slow target's 400
  // warm-up requests would otherwise take minutes).
  const warmUpUntil = performance.now() + loop.maxMs / 4;
  await Promise.all(
    Array.from({ length: loop.concurrency }, (_, c) =>
      (async () => {
        for (let i = 0; i < loop.warmUp && performance.now() < warmUpUntil; i++)
          await next(c, -1 - i - c * loop.warmUp);
      })(),
    ),
  );
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  await loop.onTimedStart?.();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: loop.concurrency }, async (_, client) => {
      while (issued < loop.maxRequests && performance.now() - started < loop.maxMs) {
        const i = issued++;
        const t = performance.now();
        const answer = await next(client, i);
        latencies.push(performance.now() - t);
        if (!expect(answer)) {
          errors++;
          if (errors <= 3)
            loop.log?.(`[bench] ${name}: unexpected ${answer.status} ${answer.body.slice(0, 200)}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: latencies.length / elapsed,
  };
}
