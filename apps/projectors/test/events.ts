/** Builds event envelopes for projector tests, the way the event store would deliver them. */
import {
  schemaVersionOf,
  validateEvent,
  type EnvelopeOf,
  type EventData,
  type EventType,
} from '@rewear/contracts';

let position = 0;

export function envelope<T extends EventType>(
  type: T,
  data: EventData<T>,
  options: {
    streamId?: string;
    streamVersion?: number;
    occurredAt?: string;
    position?: number;
  } = {},
): EnvelopeOf<T> {
  validateEvent(type, schemaVersionOf(type), data);
  position += 1;
  return {
    id: `evt-${position}`,
    type,
    schemaVersion: schemaVersionOf(type),
    streamId: options.streamId ?? `test-${type}`,
    streamVersion: options.streamVersion ?? 1,
    position: options.position ?? position,
    occurredAt: options.occurredAt ?? '2026-03-01T12:00:00.000Z',
    actor: null,
    correlationId: `corr-${position}`,
    causationId: null,
    data,
  } as unknown as EnvelopeOf<T>;
}

export function listingCreated(
  listingId: string,
  overrides: Partial<EventData<'ListingCreated'>> = {},
  occurredAt?: string,
) {
  return envelope(
    'ListingCreated',
    {
      listingId,
      sellerId: 'seller-1',
      sellerName: 'Sam Seller',
      sellerPhoto: null,
      createdAt: occurredAt ?? '2026-03-01T12:00:00.000Z',
      stock: 2,
      title: `Denim jacket ${listingId}`,
      description: 'A well kept denim jacket with brass buttons.',
      priceCents: 4500,
      originalPriceCents: 9000,
      image: 'https://img.example/jacket.jpg',
      gallery: [],
      brandId: 'brand-levis',
      categoryId: 5,
      conditionIds: [3],
      sizeIds: [3],
      colorIds: [2],
      ...overrides,
    },
    { streamId: `listing-${listingId}`, occurredAt },
  );
}
