/** What every command route needs, assembled once by createCommandApi. */
import type { Context } from 'koa';
import {
  requestIdOf,
  type AppState,
  type EventStore,
  type IdentityVerifier,
  type PersonalDataVault,
  type PhotoStore,
  type RateLimiter,
  type ReadSide,
} from '@rewear/platform';

import type { PaymentGateway } from '../payments/port.ts';
import {
  createAggregateRepository,
  type AggregateRepository,
  type CommandEnvironment,
} from './decider.ts';

export interface CommandServices {
  eventStore: EventStore;
  /** The event store's aggregates, with their folded states remembered. */
  aggregates: AggregateRepository;
  payments: PaymentGateway;
  /** Where uploaded photos' sizes are kept. */
  photos: PhotoStore;
  now: () => Date;
  newId: () => string;
  reservationTtlMs: number;
  /** Read models, for look-ups that are not decisions (a brand by name). May be absent. */
  readSide: ReadSide | null;
  /** Members' personal-data keys, for deleting an account. May be absent. */
  personalData: Pick<PersonalDataVault, 'erase'> | null;
  /** Who is who: deleting an account deletes it there too. */
  identity: IdentityVerifier;
  /** The rate limits, for the routes that count a caller of their own (a report's reporter). */
  rateLimiter: RateLimiter | null;
  /** The environment of one request: who acts, correlation id. */
  envFor(ctx: Context & { state: AppState }): CommandEnvironment;
}

export function createServices(
  deps: Omit<CommandServices, 'aggregates' | 'envFor'>,
): CommandServices {
  const aggregates = createAggregateRepository(deps.eventStore);
  return {
    ...deps,
    aggregates,
    envFor(ctx) {
      return {
        aggregates,
        now: deps.now,
        newId: deps.newId,
        actor: ctx.state.user?.uid ?? null,
        // The request's id, as its log lines carry it: a command's events lead to its request.
        correlationId: requestIdOf(ctx) ?? deps.newId(),
        // The request's span (tracing on): the append is its child.
        ...(ctx.state.trace ? { trace: ctx.state.trace } : {}),
      };
    },
  };
}
