/**
 * Child process of the crash test: opens the embedded SQLite log in the folder given as the
 * first argument and appends a long burst, printing `ack <position> <eventId>` once each append
 * is acknowledged. The test kills it with SIGKILL somewhere in the middle; the pipe's capacity
 * bounds how far past the kill's trigger it can run.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openSqliteEventLog } from '@rewear/sqlite';
import { step } from './event-mix.ts';

const [dir, countArg] = process.argv.slice(2);
if (!dir) throw new Error('usage: append-burst.ts <dir> [count]');
const count = Number(countArg ?? 1_000_000);
const log = openSqliteEventLog({ file: path.join(dir, 'events.sqlite') });

for (let n = 0; n < count; n++) {
  const { streamId, events, expectedVersion } = step(n);
  const result = await log.append(streamId, events, {
    expectedVersion,
    actor: 'burst',
    correlationId: randomUUID(),
  });
  // Each ack waits until the pipe has taken it: stdout to a pipe is asynchronous in Node, so a
  // child left to run ahead of a busy test would append tens of thousands more events before the
  // kill lands, and the catch-up and rebuilds that follow would outlast the test's time.
  await new Promise<void>((resolve, reject) =>
    process.stdout.write(`ack ${result.position} ${result.events[0]!.id}\n`, (error) =>
      error ? reject(error) : resolve(),
    ),
  );
}
await log.close();
