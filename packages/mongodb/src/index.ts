export {
  openMongoEventStore,
  type CommitDoc,
  type MongoEventStore,
  type MongoEventStoreOptions,
} from './mongo-event-store.ts';
// The outbox's own records, for the relay that publishes them (@rewear/kafka).
export {
  GAP_STREAM,
  isDuplicateKey,
  mongoEventCollections,
  tombstone,
} from './mongo-event-store.ts';
export {
  openMongoIdempotencyStore,
  type MongoIdempotencyOptions,
  type MongoIdempotencyStore,
} from './mongo-idempotency.ts';
export {
  openMongoRateCounter,
  type MongoRateCounter,
  type MongoRateCounterOptions,
} from './mongo-rate-limits.ts';
export { openMongoReadModelStore, type MongoReadModelOptions } from './mongo-read-models.ts';
export {
  openGridFsPhotoStore,
  type GridFsPhotoStore,
  type GridFsPhotoStoreOptions,
} from './gridfs-photo-store.ts';
export {
  openMongoPersonalDataVault,
  type MongoPersonalDataOptions,
  type MongoPersonalDataVault,
} from './mongo-personal-data.ts';
