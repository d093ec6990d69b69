/** What every command route needs, assembled once by createCommandApi. */
import type { Context } from 'koa';
import {
  requestIdOf,
  type AppState,
  type EventStore,
  type PhotoStore,
  type ReadSide,
} from '@rewear/platform';
import type { PaymentGateway } from '../payments/port.ts';
import {
  createAggregateRepository,
  type AggregateRepository,
  type CommandEnvironment,
} from './decider.ts';
import { availableStock, type ListingState } from '../listing/decider.ts';
import type { ProductAvailability } from '@rewear/features/cart/decider';
import { listings } from '../listing/aggregate.ts';

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
  /** The environment of one request: who acts, correlation id. */
  envFor(ctx: Context & { state: AppState }): CommandEnvironment;
  loadListing(listingId: string): Promise<ListingState>;
  availabilityOf(listingId: string): Promise<ProductAvailability>;
}

export function createServices(
  deps: Omit<CommandServices, 'aggregates' | 'envFor' | 'loadListing' | 'availabilityOf'>,
): CommandServices {
  const aggregates = createAggregateRepository(deps.eventStore);
  const loadListing = async (listingId: string) =>
    (await listings.load(aggregates, listingId)).state;
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
    loadListing,
    async availabilityOf(listingId) {
      const state = await loadListing(listingId);
      return {
        productId: listingId,
        listed: state.exists && !state.deleted,
        available: availableStock(state, deps.now()),
        ...(state.fields ? { sellerId: state.fields.sellerId } : {}),
      };
    },
  };
}
