/**
 * The engine-neutral pieces every engine package builds on (`@rewear/platform/adapters`): the
 * checks and sealing of an append, the idempotency records' rules, photo names, and the
 * embedded engines that need no package of their own (files for photos, memory for
 * idempotency records, the read side's snapshot).
 */
export { checkAppend, invalidReason, sealEvents } from './outbox-envelope.ts';
export {
  idempotencyTimes,
  PRUNE_INTERVAL_MS,
  verdictOf,
  type ClaimRecord,
  type IdempotencyTimes,
  type Verdict,
} from './idempotency-records.ts';
export { createMemoryIdempotencyStore } from './memory-idempotency.ts';
export { checkPhotoName, createFilePhotoStore } from './file-photo-store.ts';
export {
  READ_SIDE_SNAPSHOT_FILE,
  restoreReadSideSnapshot,
  writeReadSideSnapshot,
  type EmbeddedReadSide,
  type RestoreResult,
  type SnapshotStats,
} from './read-side-snapshot.ts';
export {
  createMemoryPersonalDataVault,
  createPersonalDataCipher,
  decryptText,
  encryptText,
  KEY_BYTES,
  newDataKey,
  openData,
  openingBus,
  sealData,
  SEALED_FIELD,
  sealingEventStore,
  subjectOf,
  type PersonalDataCipher,
} from './personal-data.ts';
