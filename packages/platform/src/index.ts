export * from '@rewear/ports';
export * from './projection.ts';
export * from './document-projector.ts';
export * from './identity.ts';
export * from './config.ts';
export * from './http/index.ts';
export * from './runtime/index.ts';
export * from './create-platform.ts';
export {
  openSqliteEventLog,
  type SqliteEventLog,
  type SqliteEventLogOptions,
} from './adapters/sqlite-event-log.ts';
export {
  openMongoEventStore,
  type MongoEventStore,
  type MongoEventStoreOptions,
} from './adapters/mongo-event-store.ts';
export {
  startOutboxRelay,
  type OutboxRelay,
  type OutboxRelayOptions,
} from './adapters/outbox-relay.ts';
export {
  createKafkaBus,
  topicsOf,
  type KafkaBus,
  type KafkaBusOptions,
} from './adapters/kafka-bus.ts';
export { createMemoryIdempotencyStore } from './adapters/memory-idempotency.ts';
export { createSqliteIdempotencyStore } from './adapters/sqlite-idempotency.ts';
export {
  openMongoIdempotencyStore,
  type MongoIdempotencyOptions,
  type MongoIdempotencyStore,
} from './adapters/mongo-idempotency.ts';
export * from './http/rate-limits.ts';
export {
  openMongoRateCounter,
  type MongoRateCounter,
  type MongoRateCounterOptions,
} from './adapters/mongo-rate-limits.ts';
export { createMemoryReadModelStore, DuplicateKeyError } from '@rewear/memory-read-models';
export {
  openMongoReadModelStore,
  type MongoReadModelOptions,
} from './adapters/mongo-read-models.ts';
export { createEmbeddedSearchEngine } from '@rewear/embedded-search';
export {
  createMeiliSearchEngine,
  meiliSearchRequest,
  plainQuery,
  toMeiliFilter,
  type MeiliSearchOptions,
} from './adapters/meili-search.ts';
export {
  authEmulatorAnswers,
  ensureAuthEmulator,
  type AuthEmulatorOptions,
  type RunningAuthEmulator,
} from './firebase-emulator.ts';
export * from './engine-errors.ts';
export {
  createFirebaseIdentityVerifier,
  type FirebaseIdentityOptions,
} from './identity-firebase.ts';
export { createFilePhotoStore } from './adapters/file-photo-store.ts';
export {
  openGridFsPhotoStore,
  type GridFsPhotoStore,
  type GridFsPhotoStoreOptions,
} from './adapters/gridfs-photo-store.ts';
export * from './metrics/index.ts';
export * from './logging/index.ts';
export * from './tracing/index.ts';
