/**
 * The decider pattern's pure half: `decide(command, state, context) → events` and
 * `evolve(state, event) → state`. A feature's decider is written against these; command-api
 * loads, decides and appends (apps/command-api/src/shared/decider.ts).
 */
import type { DomainEvent } from '@rewear/contracts';

export interface DecideContext {
  now: Date;
  newId: () => string;
}

/**
 * One aggregate's rules. `Event` is the union of the events its stream holds: `decide` emits
 * only those and `evolve` folds only those, so an event of another aggregate fails typecheck.
 */
export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State, context: DecideContext) => Event[];
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
