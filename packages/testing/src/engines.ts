/**
 * Which distributed engines the contract suites can reach. An engine is used when its variable
 * is set (KAFKA_BROKERS, MONGODB_URI, MEILI_URL) and answers; otherwise its suite is skipped and
 * the reason printed. The contract suites start containers where none is set and Docker answers
 * (tests/contract/engines.ts).
 */
import net from 'node:net';

export interface EngineAvailability {
  available: boolean;
  /** Why not, when unavailable: printed by the suite that skips. */
  reason: string;
  url: string | null;
}

function tcpReachable(host: string, port: number, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function hostPort(url: string, defaultPort: number): { host: string; port: number } {
  const withScheme = /^[a-z]+:\/\//i.test(url) ? url : `tcp://${url}`;
  const parsed = new URL(withScheme.replace(/^mongodb(\+srv)?:/, 'tcp:'));
  return { host: parsed.hostname, port: Number(parsed.port) || defaultPort };
}

async function check(variable: string, defaultPort: number): Promise<EngineAvailability> {
  const raw = process.env[variable]?.trim();
  if (!raw) {
    return {
      available: false,
      url: null,
      reason: `${variable} is not set`,
    };
  }
  const first = raw.split(',')[0]!;
  const { host, port } = hostPort(first, defaultPort);
  if (!(await tcpReachable(host, port))) {
    return {
      available: false,
      url: raw,
      reason: `${variable}=${raw} is set but ${host}:${port} does not answer`,
    };
  }
  return { available: true, url: raw, reason: '' };
}

export const kafkaAvailability = () => check('KAFKA_BROKERS', 9092);
export const mongoAvailability = () => check('MONGODB_URI', 27017);
export const meiliAvailability = () => check('MEILI_URL', 7700);

/** Prints the reason a suite is skipped, so a skip is never silent. */
export function reportSkip(suite: string, availability: EngineAvailability): void {
  if (!availability.available) console.warn(`[skipped] ${suite}: ${availability.reason}`);
}
