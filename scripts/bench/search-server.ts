/**
 * One storefront server for `bench:search`, in a process of its own: the one-process stack on the
 * event log in DATA_DIR, with its search on the embedded engine or, when MEILI_URL is set, on
 * Meilisearch. It boots (replaying the log into its read models and search index), then tells
 * its parent its address, boot time and memory, and answers `{ kind: 'memory' }` with its RSS.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { loadConfig } from '@rewear/platform';
import { startStack } from '@rewear/server';

export type ServerMessage =
  | { kind: 'ready'; url: string; bootSeconds: number; rss: number; heapUsed: number }
  | { kind: 'memory'; rss: number; heapUsed: number }
  | { kind: 'profiled' };

/** Parent → server: its memory, a CPU profile started or written to `file`, or stop. */
export type ServerCommand =
  | { kind: 'memory' }
  | { kind: 'profile-start' }
  | { kind: 'profile-stop'; file: string }
  | { kind: 'stop' };

const started = Date.now();
const stack = await startStack(
  {
    ...loadConfig(),
    seedOnFirstStart: false,
    // The load generator is one client sending as fast as it can: no rate limits here.
    rateLimits: { perAddress: [], perUser: [] },
  },
  { role: 'all', port: 0, host: '127.0.0.1', clientDist: null, log: () => {} },
);
while (!stack.ready()) await new Promise((resolve) => setTimeout(resolve, 100));
const bootSeconds = (Date.now() - started) / 1000;
global.gc?.();
const memory = () => ({ rss: process.memoryUsage().rss, heapUsed: process.memoryUsage().heapUsed });
process.send!({ kind: 'ready', url: stack.url!, bootSeconds, ...memory() } satisfies ServerMessage);
const profiler = new Session();
process.on('message', (message: ServerCommand) => {
  if (message.kind === 'memory') {
    global.gc?.();
    process.send!({ kind: 'memory', ...memory() } satisfies ServerMessage);
  } else if (message.kind === 'profile-start') {
    profiler.connect();
    void profiler
      .post('Profiler.enable')
      .then(() => profiler.post('Profiler.start'))
      .then(() => process.send!({ kind: 'profiled' } satisfies ServerMessage));
  } else if (message.kind === 'profile-stop') {
    void profiler.post('Profiler.stop').then(({ profile }) => {
      writeFileSync(message.file, JSON.stringify(profile));
      profiler.disconnect();
      process.send!({ kind: 'profiled' } satisfies ServerMessage);
    });
  } else if (message.kind === 'stop') void stack.close().then(() => process.exit(0));
});
process.on('disconnect', () => void stack.close().then(() => process.exit(0)));
