export {
  openSqliteEventLog,
  type SqliteEventLog,
  type SqliteEventLogOptions,
} from './sqlite-event-log.ts';
export { createSqliteIdempotencyStore } from './sqlite-idempotency.ts';
export { openSqlitePersonalDataVault, PERSONAL_DATA_FILE } from './sqlite-personal-data.ts';
