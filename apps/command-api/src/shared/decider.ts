/**
 * The decider pattern: `decide(command, state, context) → events` (pure) and
 * `evolve(state, event) → state`. State is folded from the aggregate's own stream; the only
 * write a command makes is one append with the expected version.
 */
import {
  streamIdOf,
  type AggregateType,
  type DomainEvent,
  type EventEnvelope,
} from '@rewear/contracts';
import type { Decider } from '@rewear/features/shared/decider';
import { ConcurrencyError, type EventStore, type TraceContext } from '@rewear/platform';

// The pure half lives with the features, whose deciders are written against it.
export {
  CommandRejected,
  reject,
  type DecideContext,
  type Decider,
  type RejectionKind,
} from '@rewear/features/shared/decider';

// Any decider, whatever its state, commands and events (for code that only passes one along).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDecider = Decider<any, any, any>;

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

/** The state of a stream's events; a stream holds only its own aggregate's events. */
export function fold<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  events: ReadonlyArray<DomainEvent | EventEnvelope>,
): State {
  return events.reduce<State>(
    (state, event) => decider.evolve(state, event as unknown as Event),
    decider.initialState(),
  );
}

/**
 * Loads aggregates from one event store, remembering folded states: a command re-reads only the
 * events appended since (by anyone, in any process), not the whole stream. Streams are
 * append-only, so a state at version n plus the events after n is the state now. States are
 * frozen: a caller that tried to change one would fail loudly instead of corrupting the next
 * command's state. Created once with the services; the least recently used states go first.
 */
export interface AggregateRepository {
  readonly eventStore: EventStore;
  load<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamId: string,
  ): Promise<Loaded<State>>;
  /** Records the state a command left after its append. */
  remember<State>(decider: AnyDecider, streamId: string, loaded: Loaded<State>): void;
}

export interface AggregateRepositoryOptions {
  /** Folded states kept (least recently used dropped first). Default 10,000. */
  capacity?: number;
}

export function createAggregateRepository(
  eventStore: EventStore,
  options: AggregateRepositoryOptions = {},
): AggregateRepository {
  const capacity = options.capacity ?? 10_000;
  // Keyed by decider and stream: a stream is folded by one decider, but nothing forbids two.
  const snapshots = new Map<string, Loaded<unknown>>();
  const deciderIds = new WeakMap<AnyDecider, number>();
  let nextDeciderId = 1;
  const keyOf = (decider: AnyDecider, streamId: string) => {
    let id = deciderIds.get(decider);
    if (id === undefined) deciderIds.set(decider, (id = nextDeciderId++));
    return `${id}:${streamId}`;
  };
  const remember = <State>(decider: AnyDecider, streamId: string, loaded: Loaded<State>) => {
    const key = keyOf(decider, streamId);
    snapshots.delete(key); // re-inserted last: the map's order is least recently used first
    if (snapshots.size >= capacity) snapshots.delete(snapshots.keys().next().value!);
    snapshots.set(key, { ...loaded, state: deepFreeze(loaded.state) });
  };
  return {
    eventStore,
    remember,
    async load(decider, streamId) {
      type State = ReturnType<typeof decider.initialState>;
      const known = snapshots.get(keyOf(decider, streamId)) as Loaded<State> | undefined;
      const events = await eventStore.readStream(streamId, known ? known.version + 1 : 1);
      if (known && events.length === 0) return { ...known };
      const loaded: Loaded<State> = {
        state: events.reduce<State>(
          (state, event) =>
            decider.evolve(state, event as unknown as Parameters<typeof decider.evolve>[1]),
          known ? known.state : decider.initialState(),
        ),
        version: (known?.version ?? 0) + events.length,
        position: events.at(-1)?.position ?? known?.position ?? 0,
      };
      remember(decider, streamId, loaded);
      return loaded;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const field of Object.values(value)) deepFreeze(field);
  return Object.freeze(value);
}

export interface CommandEnvironment {
  aggregates: AggregateRepository;
  now: () => Date;
  newId: () => string;
  actor: string | null;
  correlationId: string;
  causationId?: string | null;
  /** The request's trace context when it is traced: the append is a span of its trace. */
  trace?: TraceContext;
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
export async function handleCommand<State, Command, Event extends DomainEvent>(
  env: CommandEnvironment,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  attempts = 8,
): Promise<CommandOutcome<State>> {
  for (let attempt = 1; ; attempt++) {
    const loaded = await env.aggregates.load(decider, streamId);
    const events = decider.decide(command, loaded.state, { now: env.now(), newId: env.newId });
    if (events.length === 0) return { events: [], state: loaded.state, position: loaded.position };
    try {
      const result = await env.aggregates.eventStore.append(streamId, events, {
        expectedVersion: loaded.version,
        actor: env.actor,
        correlationId: env.correlationId,
        causationId: env.causationId ?? null,
        now: env.now,
        ...(env.trace ? { trace: env.trace } : {}),
      });
      const state = events.reduce(decider.evolve, loaded.state);
      env.aggregates.remember(decider, streamId, {
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

/**
 * One aggregate's command handling, bound once to its decider and to how its streams are named,
 * so that a route or a workflow says which aggregate and which command, not how to reach them:
 * `carts.handle(env, cartId, { type: 'AddItem', ... })`.
 */
export interface BoundAggregate<State, Command> {
  readonly type: AggregateType;
  streamOf(id: string): string;
  /** Its state now (folded from its stream, or remembered). */
  load(aggregates: AggregateRepository, id: string): Promise<Loaded<State>>;
  handle(env: CommandEnvironment, id: string, command: Command): Promise<CommandOutcome<State>>;
}

export function aggregateOf<State, Command, Event extends DomainEvent>(
  decider: Decider<State, Command, Event>,
  type: AggregateType,
): BoundAggregate<State, Command> {
  const streamOf = (id: string) => streamIdOf(type, id);
  return {
    type,
    streamOf,
    load: (aggregates, id) => aggregates.load(decider, streamOf(id)),
    handle: (env, id, command) => handleCommand(env, decider, streamOf(id), command),
  };
}
