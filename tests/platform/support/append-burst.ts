/**
 * Child process of the crash test: opens the embedded SQLite log in the folder given as the
 * first argument and appends a long burst, printing `ack <position> <eventId>` once each append
 * is acknowledged. The test kills it with SIGKILL somewhere in the middle.
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
  process.stdout.write(`ack ${result.position} ${result.events[0]!.id}\n`);
}
await log.close();
