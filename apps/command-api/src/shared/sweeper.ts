/**
 * The skeleton of the command side's timer sweepers (reservations, shipments, offers). A sweeper
 * follows the event log itself to learn what falls due and when; each sweep reads the log up to
 * now, takes the clock's now and runs its commands for what is due. Sweeps run one at a time;
 * started, a sweeper sweeps on an interval until stopped. A sweeper keeps only its domain
 * decision: which events set or clear its timers, and what it runs for what is due.
 */
import type { DomainEvent } from '@rewear/contracts';
import { loggerFor, type EventStore } from '@rewear/platform';
import { createAggregateRepository, type CommandEnvironment } from './decider.ts';

/** Events read from the log at a time while catching up. */
const BATCH = 2000;

export interface SweeperOptions {
  eventStore: EventStore;
  clock?: () => Date;
  newId?: () => string;
  /** Called when the commands for one id fail; the next sweep tries again. */
  onError?: (id: string, error: unknown) => void;
}

export interface Sweeper<Result> {
  /** Runs what is due at the clock's now; after a sweep under way, if there is one. */
  sweep(): Promise<Result>;
  /** Sweeps every `intervalMs` until the returned stop() is called. */
  start(intervalMs?: number): () => Promise<void>;
}

/** What one sweep is given. */
export interface Sweep {
  /** The clock's now (ms since the epoch), taken once the log was read up to it. */
  now: number;
  /** The environment for one command: the sweeper's actor and a correlation id of its own. */
  env(): CommandEnvironment;
  /** Reads the log again, for the events the sweep's own commands appended. */
  catchUp(): Promise<void>;
  /**
   * Runs `step` for each id in turn; one that throws is reported to onError and the others
   * still run.
   */
  forEach(ids: Iterable<string>, step: (id: string) => Promise<void>): Promise<void>;
}

export interface SweeperDefinition<Result> {
  /** Who the sweeper's events are recorded as appended by. */
  actor: string;
  /** The logs' prefix: `[${label}] sweep failed` when a whole sweep fails. */
  label: string;
  /** What the default onError logs when the commands for one id fail. */
  failureMessage: (id: string) => string;
  intervalMs: number;
  /** Sets or clears the sweeper's timers from one event of the log. */
  follow(event: DomainEvent): void;
  /** Runs the commands for what is due; answers what changed. */
  sweep(sweep: Sweep): Promise<Result>;
}

export function createSweeper<Result>(
  options: SweeperOptions,
  definition: SweeperDefinition<Result>,
): Sweeper<Result> {
  const clock = options.clock ?? (() => new Date());
  const newId = options.newId ?? (() => crypto.randomUUID());
  const onError =
    options.onError ??
    ((id, error) =>
      loggerFor('sweeper').error(
        { err: error },
        `[${definition.label}] ${definition.failureMessage(id)}`,
      ));
  const aggregates = createAggregateRepository(options.eventStore);
  let seen = 0;

  async function catchUp() {
    for (;;) {
      const events = await options.eventStore.readAll(seen, BATCH);
      if (events.length === 0) return;
      for (const envelope of events) definition.follow(envelope as unknown as DomainEvent);
      seen = events.at(-1)!.position;
    }
  }

  const env = (): CommandEnvironment => ({
    aggregates,
    now: clock,
    newId,
    actor: definition.actor,
    correlationId: newId(),
  });

  async function forEach(ids: Iterable<string>, step: (id: string) => Promise<void>) {
    for (const id of ids) {
      try {
        await step(id);
      } catch (err) {
        onError(id, err);
      }
    }
  }

  async function sweepOnce(): Promise<Result> {
    await catchUp();
    return definition.sweep({ now: clock().getTime(), env, catchUp, forEach });
  }

  let running: Promise<Result> | null = null;
  const sweep = () => {
    // One sweep at a time; a caller during a sweep waits for it and then runs its own.
    const next = (running ?? Promise.resolve()).catch(() => {}).then(sweepOnce);
    running = next;
    return next;
  };

  return {
    sweep,
    start(intervalMs = definition.intervalMs) {
      const timer = setInterval(() => {
        sweep().catch((err) =>
          loggerFor('sweeper').error({ err }, `[${definition.label}] sweep failed`),
        );
      }, intervalMs);
      // A pending sweep does not keep the process alive.
      timer.unref();
      return async () => {
        clearInterval(timer);
        await running?.catch(() => {});
      };
    },
  };
}

/** The ids whose time (ms since the epoch) has come at `now`, read as the loop goes. */
export function* dueIds(timers: ReadonlyMap<string, number>, now: number): Generator<string> {
  for (const [id, at] of timers) {
    if (at > now) continue;
    yield id;
  }
}
