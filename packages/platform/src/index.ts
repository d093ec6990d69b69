export * from '@rewear/ports';
export * from './projection.ts';
export * from './document-projector.ts';
export * from './account-erasure.ts';
export * from './identity.ts';
export * from './config.ts';
export * from './http/index.ts';
export * from './runtime/index.ts';
export { createMemoryIdempotencyStore } from './adapters/memory-idempotency.ts';
export * from './http/rate-limits.ts';
export { createMemoryReadModelStore, DuplicateKeyError } from '@rewear/memory-read-models';
export { createEmbeddedSearchEngine } from '@rewear/embedded-search';
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
export { READ_SIDE_SNAPSHOT_FILE } from './adapters/read-side-snapshot.ts';
export * from './metrics/index.ts';
export * from './logging/index.ts';
export * from './tracing/index.ts';
