/**
 * Turning a decider's events into stored envelopes: what every event store appends and what
 * the outbox carries to the bus. Shared by the SQLite log and the MongoDB store so both seal
 * events the same way.
 */
import { randomUUID } from 'node:crypto';
import {
  eventSchemas,
  schemaVersionOf,
  type DomainEvent,
  type EventEnvelope,
  type EventType,
} from '@rewear/contracts';
import { validateEvent } from '../event-validation.ts';
import type { AppendOptions } from '@rewear/ports';

/** Checks the append arguments and every event against its schema; throws before anything is stored. */
export function checkAppend(streamId: string, events: DomainEvent[], options: AppendOptions): void {
  if (typeof streamId !== 'string' || streamId.length === 0 || streamId.length > 200) {
    throw new TypeError('streamId must be a non-empty string of at most 200 characters');
  }
  if (!Array.isArray(events) || events.length === 0)
    throw new TypeError('append needs at least one event');
  if (!Number.isInteger(options.expectedVersion) || options.expectedVersion < 0) {
    throw new TypeError('expectedVersion must be a non-negative integer');
  }
  if (typeof options.correlationId !== 'string' || options.correlationId.length === 0) {
    throw new TypeError('correlationId is required');
  }
  for (const event of events) {
    const type = String(event?.type);
    // An unknown type has no schema version; validateEvent then reports the unknown type.
    const version = Object.hasOwn(eventSchemas, type) ? schemaVersionOf(type as EventType) : 0;
    validateEvent(type, version, event?.data);
  }
}

/** Envelopes for events already checked by `checkAppend`; `firstPosition` is the first one's global position. */
export function sealEvents(
  streamId: string,
  events: DomainEvent[],
  options: AppendOptions,
  firstPosition: number,
): EventEnvelope[] {
  const occurredAt = (options.now ?? (() => new Date()))().toISOString();
  return events.map(
    (event, index) =>
      ({
        id: randomUUID(),
        type: event.type,
        schemaVersion: schemaVersionOf(event.type),
        streamId,
        streamVersion: options.expectedVersion + index + 1,
        position: firstPosition + index,
        occurredAt,
        actor: options.actor ?? null,
        correlationId: options.correlationId,
        causationId: options.causationId ?? null,
        data: event.data,
      }) as EventEnvelope,
  );
}

/** Checks a stored envelope against its schema; returns the problem, or null when it is valid. */
export function invalidReason(event: EventEnvelope): string | null {
  try {
    validateEvent(event.type, event.schemaVersion, event.data);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
