/**
 * A listing as other aggregates' commands see it (a cart, a wishlist, an offer, a collection):
 * its state from its own stream, and whether it can be had and how many, now.
 */
import type { ProductAvailability } from '@rewear/features/cart/decider';
import type { AggregateRepository } from '../shared/decider.ts';
import { availableStock, type ListingState } from '@rewear/features/listing/decider';
import { listings } from './aggregate.ts';

interface Reader {
  aggregates: AggregateRepository;
  now: () => Date;
}

export async function loadListing(
  { aggregates }: Pick<Reader, 'aggregates'>,
  listingId: string,
): Promise<ListingState> {
  return (await listings.load(aggregates, listingId)).state;
}

export async function availabilityOf(
  reader: Reader,
  listingId: string,
): Promise<ProductAvailability> {
  const state = await loadListing(reader, listingId);
  return {
    productId: listingId,
    listed: state.exists && !state.deleted,
    available: availableStock(state, reader.now()),
    ...(state.fields ? { sellerId: state.fields.sellerId } : {}),
  };
}
