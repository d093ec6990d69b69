export { createCommandApi, commandRoutes, type CommandApi, type CommandApiDeps } from './app.ts';
export {
  createReservationSweeper,
  type ReservationSweeper,
  type ReservationSweeperOptions,
} from './order/sweeper.ts';
export {
  createShipmentSweeper,
  type ShipmentSweeper,
  type ShipmentSweeperOptions,
  type ShipmentSweepResult,
} from './shipment/sweeper.ts';
export {
  createOfferSweeper,
  type OfferSweeper,
  type OfferSweeperOptions,
} from './conversation/sweeper.ts';
export {
  createHolidaySweeper,
  type HolidaySweeper,
  type HolidaySweeperOptions,
} from './holiday/sweeper.ts';
export {
  createSuspensionSweeper,
  type SuspensionSweeper,
  type SuspensionSweeperOptions,
} from './moderation/sweeper.ts';
export { createMemoryIdempotencyStore, type IdempotencyStore } from './shared/idempotency.ts';
export {
  handleCommand,
  createAggregateRepository,
  type AggregateRepository,
  CommandRejected,
  type Decider,
  type DecideContext,
} from './shared/decider.ts';
export { brandIdForName } from '@rewear/features/listing/decider';
export { cartIdForUser } from '@rewear/features/cart/domain';
export * from './payments/index.ts';
export {
  seedCatalogue,
  seedIfEmpty,
  type SeedCatalogueOptions,
  type SeedProgress,
  type SeedResult,
} from './seed/index.ts';
