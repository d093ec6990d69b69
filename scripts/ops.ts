/**
 * Operator commands against a running server's /api/ops endpoints.
 *
 *   npm run ops -- status
 *   npm run ops -- replay <projector> --from <position>
 *   npm run ops -- rebuild <projector>
 *   npm run ops -- history <streamId>      (operator-actions: every replay and rebuild, who and when)
 *   npm run ops -- dead-letters <projector> [--limit N]
 *   npm run ops -- retry-dead-letter <projector> <id>   (or skip-dead-letter)
 *   npm run ops -- streams-of <uid>
 *   npm run ops -- settle-dispute <shipmentId> buyer|seller
 *
 * OPS_URL (default http://localhost:8080/api/ops) and OPS_TOKEN (the server's) from the environment;
 * OPS_OPERATOR names who asks (default: the login name), recorded with every replay and rebuild.
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';

const USAGE = `Usage: npm run ops -- <command>
  status                              projectors: generation, checkpoint, head, lag, dead letters
  replay <projector> --from <N>       re-apply events from position N into the live read model
  rebuild <projector>                 rebuild into a new generation from position 0, then switch
  history <streamId>                  every event of one stream (e.g. cart-3kd9x0aa1b2c;
                                      operator-actions: every replay and rebuild, who and when)
  dead-letters <projector> [--limit N]  events the projector could not apply
  retry-dead-letter <projector> <id>  apply a dead letter's event again (gone once it applies)
  skip-dead-letter <projector> <id>   set a dead letter aside for good
  streams-of <uid>                    the streams of one user (named after them, or acted on)
  settle-dispute <shipmentId> buyer|seller
                                      settle a disputed shipment: for the buyer (refunded)
                                      or for the seller (the money released)
Environment: OPS_URL (default http://localhost:8080/api/ops), OPS_TOKEN, OPS_OPERATOR (who you are)`;

const baseUrl = (process.env.OPS_URL?.trim() || 'http://localhost:8080/api/ops').replace(
  /\/+$/,
  '',
);
const token = process.env.OPS_TOKEN?.trim() ?? '';
function operatorName(): string {
  const named = process.env.OPS_OPERATOR?.trim();
  if (named) return named;
  try {
    return userInfo().username;
  } catch {
    return '';
  }
}
// A header carries printable ASCII only.
const operator = operatorName()
  .replace(/[^\x20-\x7e]/g, '')
  .trim();

class OpsFailure extends Error {}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(operator ? { 'x-operator': operator } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    throw new OpsFailure(
      `Cannot reach ${baseUrl}: ${(err as Error).cause ?? (err as Error).message}`,
    );
  }
  const payload = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) {
    const hint = response.status === 401 ? ' (set OPS_TOKEN)' : '';
    throw new OpsFailure(`${response.status}: ${payload.message ?? response.statusText}${hint}`);
  }
  return payload as T;
}

/** Left-aligned text, right-aligned numbers, a rule under the header. */
function table(rows: Array<Record<string, unknown>>): string {
  if (rows.length === 0) return '(none)';
  const columns = Object.keys(rows[0]!);
  const cells = rows.map((row) =>
    columns.map((c) => (row[c] === null || row[c] === undefined ? '' : String(row[c]))),
  );
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const numeric = columns.map((_, i) => rows.every((row) => typeof row[columns[i]!] === 'number'));
  const line = (values: string[]) =>
    values
      .map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join(
    '\n',
  );
}

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

interface Status {
  projector: string;
  generation: number;
  checkpoint: Record<string, number>;
  position: number;
  headPosition: number;
  lag: number;
  deadLetters: number;
  rebuilding: { generation: number; position: number } | null;
}

interface Envelope {
  position: number;
  streamVersion: number;
  type: string;
  occurredAt: string;
  actor: string | null;
  data: unknown;
}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, subject] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  const need = (what: string) => {
    if (!subject) throw new OpsFailure(`${command} needs a ${what}\n\n${USAGE}`);
    return subject;
  };

  switch (command) {
    case 'status': {
      const { projectors } = await call<{ projectors: Status[] }>('GET', '/status');
      console.log(
        table(
          projectors.map((s) => ({
            projector: s.projector,
            generation: s.generation,
            position: s.position,
            head: s.headPosition,
            lag: s.lag,
            'dead letters': s.deadLetters,
            rebuilding: s.rebuilding
              ? `g${s.rebuilding.generation} at ${s.rebuilding.position}`
              : '',
            checkpoint: Object.entries(s.checkpoint)
              .map(([partition, position]) => `${partition}=${position}`)
              .join(' '),
          })),
        ),
      );
      return;
    }
    case 'replay': {
      const projector = need('projector name');
      const fromPosition = Number(values.from);
      if (values.from === undefined || !Number.isInteger(fromPosition) || fromPosition < 0) {
        throw new OpsFailure('replay needs --from <position> (a whole number ≥ 0)');
      }
      const result = await call<Record<string, unknown>>('POST', '/replay', {
        projector,
        fromPosition,
      });
      console.log(table([result]));
      return;
    }
    case 'rebuild': {
      const projector = need('projector name');
      console.log(`Rebuilding ${projector} from position 0 (the live read model keeps serving)...`);
      const result = await call<Record<string, unknown>>('POST', '/rebuild', { projector });
      console.log(table([result]));
      return;
    }
    case 'history': {
      const streamId = need('stream id');
      const { events, version } = await call<{ events: Envelope[]; version: number }>(
        'GET',
        `/streams/${encodeURIComponent(streamId)}`,
      );
      console.log(`${streamId}: ${events.length} events, version ${version}\n`);
      console.log(
        table(
          events.map((e) => ({
            version: e.streamVersion,
            position: e.position,
            type: e.type,
            'occurred at': e.occurredAt,
            actor: e.actor ?? '',
            data: clip(JSON.stringify(e.data), 90),
          })),
        ),
      );
      return;
    }
    case 'dead-letters': {
      const projector = need('projector name');
      const limit = values.limit ? `?limit=${encodeURIComponent(values.limit)}` : '';
      const { deadLetters } = await call<{
        deadLetters: Array<{
          _id: string;
          generation: number;
          position: number;
          type: string;
          streamId: string;
          error: string;
          failedAt: string;
        }>;
      }>('GET', `/dead-letters/${encodeURIComponent(projector)}${limit}`);
      console.log(
        table(
          deadLetters.map((d) => ({
            id: d._id,
            generation: d.generation,
            position: d.position,
            type: d.type,
            stream: d.streamId,
            'failed at': d.failedAt,
            error: clip(d.error, 90),
          })),
        ),
      );
      return;
    }
    case 'settle-dispute': {
      const shipmentId = need('shipment id');
      const outcome = positionals[2];
      if (outcome !== 'buyer' && outcome !== 'seller')
        throw new OpsFailure('settle-dispute needs the outcome: buyer or seller');
      const { shipment } = await call<{
        shipment: { shipmentId: string; status: string; refunded: boolean };
      }>('POST', `/disputes/${encodeURIComponent(shipmentId)}/settle`, { outcome });
      console.log(table([shipment]));
      return;
    }
    case 'retry-dead-letter':
    case 'skip-dead-letter': {
      const projector = need('projector name');
      const id = positionals[2];
      if (!id) throw new OpsFailure(`${command} needs the dead letter's id (see dead-letters)`);
      const outcome = await call<Record<string, unknown>>(
        'POST',
        `/dead-letters/${encodeURIComponent(projector)}/${encodeURIComponent(id)}/${command === 'retry-dead-letter' ? 'retry' : 'skip'}`,
        {},
      );
      console.log(table([outcome]));
      return;
    }
    case 'streams-of': {
      const uid = need('user id');
      const { streams, searchedEvents } = await call<{
        streams: Array<{ streamId: string; version: number; lastAt: string }>;
        searchedEvents: number;
      }>('GET', `/streams?user=${encodeURIComponent(uid)}`);
      console.log(
        `Streams named after ${uid}, and those they acted on in the last ${searchedEvents} events:\n`,
      );
      console.log(
        table(streams.map((x) => ({ stream: x.streamId, events: x.version, last: x.lastAt }))),
      );
      return;
    }
    default:
      throw new OpsFailure(`Unknown command: ${command}\n\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof OpsFailure ? err.message : err);
  process.exit(1);
});
