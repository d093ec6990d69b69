/** Events as the store would deliver them to a projection, for the modules' agreement tests. */
import { schemaVersionOf, validateEvent, type EventType } from '@rewear/contracts';

/**
 * One stream's events, validated against the catalogue and numbered from version 1, each
 * occurring at `occurredAt(i)`. `Envelope` is the projection's envelope type for these events.
 */
export function delivered<Envelope>(
  streamId: string,
  events: ReadonlyArray<{ type: EventType; data: unknown }>,
  occurredAt: (i: number) => string,
): Envelope[] {
  return events.map((event, i) => {
    validateEvent(event.type, schemaVersionOf(event.type), event.data);
    return {
      id: `evt-${i + 1}`,
      type: event.type,
      schemaVersion: schemaVersionOf(event.type),
      streamId,
      streamVersion: i + 1,
      position: i + 1,
      occurredAt: occurredAt(i),
      actor: null,
      correlationId: `corr-${i + 1}`,
      causationId: null,
      data: event.data,
    } as unknown as Envelope;
  });
}
