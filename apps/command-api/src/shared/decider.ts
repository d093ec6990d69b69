/**
 * The decider pattern: `decide(command, state, context) → events` (pure) and
 * `evolve(state, event) → state`. State is folded from the aggregate's own stream; the only
 * write a command makes is one append with the expected version.
 */
import type { DomainEvent, EventEnvelope } from '@rewear/contracts';
import { ConcurrencyError, type EventStore } from '@rewear/platform';

export interface DecideContext {
  now: Date;
  newId: () => string;
}

export interface Decider<State, Command> {
  initialState: () => State;
  evolve: (state: State, event: DomainEvent) => State;
  decide: (command: Command, state: State, context: DecideContext) => DomainEvent[];
}

export type RejectionKind = 'invalid' | 'forbidden' | 'not_found' | 'conflict' | 'payment_required';

/** A command the domain refuses, with a message for the person who sent it. */
export class CommandRejected extends Error {
  constructor(
    readonly kind: RejectionKind,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'CommandRejected';
  }
}

export const reject = (kind: RejectionKind, message: string, details?: unknown): never => {
  throw new CommandRejected(kind, message, details);
};

/** Several writers kept winning the race for one stream: the caller answers 409. */
export class TooMuchContention extends Error {
  constructor(readonly streamId: string) {
    super(`Stream ${streamId} is busy`);
    this.name = 'TooMuchContention';
  }
}

export interface Loaded<State> {
  state: State;
  /** Events in the stream (the expected version for the next append). */
  version: number;
  /** Global position of the stream's newest event, 0 for an empty stream. */
  position: number;
}

export function fold<State, Command>(
  decider: Decider<State, Command>,
  events: Array<DomainEvent | EventEnvelope>,
): State {
  return events.reduce(
    (state, event) => decider.evolve(state, event as DomainEvent),
    decider.initialState(),
  );
}

/**
 * Folded states by event store, decider and stream: a command re-reads only the events appended
 * since (by anyone, in any process), not the whole stream. Streams are append-only, so a state
 * at version n plus the events after n is the state now. States are frozen: a caller that tried
 * to change one would fail loudly instead of corrupting the next command's state.
 */
interface Snapshot<State> {
  state: State;
  version: number;
  position: number;
}
const SNAPSHOTS_PER_STORE = 10_000;
const snapshots = new WeakMap<EventStore, Map<string, Snapshot<unknown>>>();
const decidersWithIds = new WeakMap<object, number>();
let nextDeciderId = 0;

function snapshotKey(decider: object, streamId: string): string {
  let id = decidersWithIds.get(decider);
  if (id === undefined) decidersWithIds.set(decider, (id = nextDeciderId++));
  return `${id}:${streamId}`;
}

function snapshotsOf(store: EventStore): Map<string, Snapshot<unknown>> {
  let map = snapshots.get(store);
  if (!map) snapshots.set(store, (map = new Map()));
  return map;
}

function remember<State>(store: EventStore, key: string, snapshot: Snapshot<State>): void {
  const map = snapshotsOf(store);
  map.delete(key); // re-inserted last: the map's order is least recently used first
  if (map.size >= SNAPSHOTS_PER_STORE) map.delete(map.keys().next().value!);
  map.set(key, { ...snapshot, state: deepFreeze(snapshot.state) });
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const field of Object.values(value)) deepFreeze(field);
  return Object.freeze(value);
}

export async function loadAggregate<State, Command>(
  store: EventStore,
  decider: Decider<State, Command>,
  streamId: string,
): Promise<Loaded<State>> {
  const key = snapshotKey(decider, streamId);
  const known = snapshotsOf(store).get(key) as Snapshot<State> | undefined;
  const events = await store.readStream(streamId, known ? known.version + 1 : 1);
  if (known && events.length === 0) return { ...known };
  const loaded: Loaded<State> = {
    state: events.reduce(
      (state, event) => decider.evolve(state, event as DomainEvent),
      known ? known.state : decider.initialState(),
    ),
    version: (known?.version ?? 0) + events.length,
    position: events.at(-1)?.position ?? known?.position ?? 0,
  };
  remember(store, key, loaded);
  return loaded;
}

export interface CommandEnvironment {
  eventStore: EventStore;
  now: () => Date;
  newId: () => string;
  actor: string | null;
  correlationId: string;
  causationId?: string | null;
}

export interface CommandOutcome<State> {
  events: EventEnvelope[];
  state: State;
  /** Position of the last appended event, or of the stream's newest event when nothing changed. */
  position: number;
}

/**
 * Loads the stream, decides, appends with the expected version. A lost race re-loads and
 * re-decides (so a command is never applied twice on stale state) up to `attempts` times.
 */
export async function handleCommand<State, Command>(
  env: CommandEnvironment,
  decider: Decider<State, Command>,
  streamId: string,
  command: Command,
  attempts = 8,
): Promise<CommandOutcome<State>> {
  for (let attempt = 1; ; attempt++) {
    const loaded = await loadAggregate(env.eventStore, decider, streamId);
    const events = decider.decide(command, loaded.state, { now: env.now(), newId: env.newId });
    if (events.length === 0) return { events: [], state: loaded.state, position: loaded.position };
    try {
      const result = await env.eventStore.append(streamId, events, {
        expectedVersion: loaded.version,
        actor: env.actor,
        correlationId: env.correlationId,
        causationId: env.causationId ?? null,
        now: env.now,
      });
      const state = events.reduce(decider.evolve, loaded.state);
      remember(env.eventStore, snapshotKey(decider, streamId), {
        state,
        version: result.streamVersion,
        position: result.position,
      });
      return { events: result.events, state, position: result.position };
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
      if (attempt >= attempts) throw new TooMuchContention(streamId);
      // A short random pause spreads racing writers apart.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
