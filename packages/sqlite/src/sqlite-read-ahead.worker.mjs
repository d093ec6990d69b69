/**
 * Reads the event log ahead of a subscription that is catching up, on its own connection and
 * thread (see sqlite-read-ahead.ts). SQLite writes each batch as the JSON text of its envelopes,
 * so this thread hands over one string per batch and the subscriber's thread parses it: the
 * rows are never built as objects here, copied across threads, or read on the subscriber's.
 *
 * workerData: { file, after, size, credit }. Batches after position `after` are posted
 * in order, `credit` of them ahead of what the subscriber took; each message from the parent
 * allows one more. The first batch shorter than `size` (the head of the log) ends the run.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { readonly: true, timeout: 10000 });
// The envelope as the subscriber's toEnvelope builds it, field for field.
const batchStmt = db
  .prepare(
    `SELECT count(*), max(position), json_group_array(json_object(
       'id', id, 'type', type, 'schemaVersion', schema_version, 'streamId', stream_id,
       'streamVersion', stream_version, 'position', position, 'occurredAt', occurred_at,
       'actor', actor, 'correlationId', correlation_id, 'causationId', causation_id,
       'data', json(data)) ORDER BY position)
     FROM (SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?)`,
  )
  .raw();

let after = workerData.after;
let credit = workerData.credit;
let ended = false;

function pump() {
  while (credit > 0 && !ended) {
    const [count, last, text] = batchStmt.get(after, workerData.size);
    ended = count < workerData.size;
    parentPort.postMessage({ from: after, last: last ?? after, count, text, ended });
    if (count > 0) after = last;
    credit -= 1;
  }
}

parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  credit += 1;
  pump();
});
pump();
