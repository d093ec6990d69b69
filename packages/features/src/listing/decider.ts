/**
 * The listing's command face: streams `listing-<id>` and `brand-<id>`. A listing's state and its
 * stock are the domain's (`./domain.ts`), folded by the read side too; what a command may do is
 * here: create, change and delete (its seller only), and reserve, release, sell and return
 * units for the orders. A brand is created with a listing (or by the seed), once per name.
 */
import { createHash } from 'node:crypto';
import { photoUrl, type EventData } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import {
  availableStock,
  evolveBrand,
  evolveListing,
  initialBrand,
  initialListingState,
  normaliseBrandName,
  type BrandEvent,
  type BrandState,
  type ListingEvent,
  type ListingFields,
  type ListingState,
} from './domain.ts';

export {
  availableStock,
  normaliseBrandName,
  type BrandEvent,
  type BrandState,
  type ListingEvent,
  type ListingState,
  type Reservation,
} from './domain.ts';

export type ListingCommand =
  | { type: 'CreateListing'; listingId: string; createdAt: string; fields: ListingFields }
  | {
      type: 'UpdateListing';
      actorId: string;
      changes: Omit<EventData<'ListingUpdated'>['changes'], 'stock'>;
      /** Units still for sale as the seller now counts them (sold ones come on top). */
      unitsForSale?: number;
    }
  | { type: 'DeleteListing'; actorId: string }
  | {
      type: 'ReserveStock';
      orderId: string;
      quantity: number;
      expectedPriceCents: number;
      expiresAt: string;
    }
  | { type: 'ReleaseStock'; orderId: string; reason: EventData<'StockReleased'>['reason'] }
  | { type: 'SellStock'; orderId: string }
  | { type: 'ReturnStock'; orderId: string };

export const unavailableMessage = (title: string) => `"${title}" is no longer available`;

export const ORIGINAL_PRICE_MESSAGE = 'The original price must be at least the price';

/** What the item cost new is never below what it sells for now. */
function checkOriginalPrice(fields: Pick<ListingFields, 'priceCents' | 'originalPriceCents'>) {
  if (fields.originalPriceCents !== null && fields.originalPriceCents < fields.priceCents)
    reject('invalid', ORIGINAL_PRICE_MESSAGE, [
      { path: 'original_price', message: 'must be at least the price' },
    ]);
}

/**
 * Uploaded photos are the listing's pictures: the cover's card size its image, the full sizes
 * its gallery. Removing every photo leaves no picture (the storefront shows a placeholder); a
 * listing that never had photos keeps its drawn picture.
 */
function picturesOf(
  photos: string[] | undefined,
  hadPhotos: boolean,
): Pick<ListingFields, 'image' | 'gallery'> | null {
  if (photos === undefined) return null;
  if (photos.length > 0)
    return {
      image: photoUrl(photos[0]!, 'card'),
      gallery: photos.map((id) => photoUrl(id, 'full')),
    };
  return hadPhotos ? { image: '', gallery: [] } : null;
}

function decideListing(
  command: ListingCommand,
  state: ListingState,
  { now }: { now: Date },
): ListingEvent[] {
  if (command.type === 'CreateListing') {
    if (state.exists) reject('conflict', 'Listing already exists');
    checkOriginalPrice(command.fields);
    const fields = { ...command.fields, ...picturesOf(command.fields.photos, false) };
    return [
      {
        type: 'ListingCreated',
        data: { listingId: command.listingId, createdAt: command.createdAt, ...fields },
      },
    ];
  }
  if (!state.exists || !state.fields) return reject('not_found', 'Product not found');
  const fields = state.fields;
  switch (command.type) {
    case 'UpdateListing': {
      if (state.deleted) return reject('not_found', 'Product not found');
      if (fields.sellerId !== command.actorId)
        return reject('forbidden', 'Only the seller can change this listing');
      checkOriginalPrice({ ...fields, ...command.changes });
      const wanted: EventData<'ListingUpdated'>['changes'] = {
        ...command.changes,
        ...picturesOf(command.changes.photos, (fields.photos ?? []).length > 0),
        ...(command.unitsForSale === undefined ? {} : { stock: state.sold + command.unitsForSale }),
      };
      const changes = Object.fromEntries(
        Object.entries(wanted).filter(
          ([key, value]) =>
            JSON.stringify(fields[key as keyof ListingFields]) !== JSON.stringify(value),
        ),
      );
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'ListingUpdated', data: { listingId: state.listingId, changes } }];
    }
    case 'DeleteListing':
      if (state.deleted) return reject('not_found', 'Product not found');
      if (fields.sellerId !== command.actorId)
        return reject('forbidden', 'Only the seller can delete this listing');
      return [{ type: 'ListingDeleted', data: { listingId: state.listingId } }];
    case 'ReserveStock': {
      if (state.reservations[command.orderId] || state.soldOrders[command.orderId]) return [];
      if (state.deleted) return reject('conflict', unavailableMessage(fields.title));
      if (fields.priceCents !== command.expectedPriceCents) {
        return reject('conflict', 'Price changed', [
          { productId: state.listingId, price: fields.priceCents / 100 },
        ]);
      }
      const available = availableStock(state, now);
      if (available < command.quantity) {
        return reject('conflict', unavailableMessage(fields.title), [
          { productId: state.listingId, available },
        ]);
      }
      return [
        {
          type: 'StockReserved',
          data: {
            listingId: state.listingId,
            orderId: command.orderId,
            quantity: command.quantity,
            expiresAt: command.expiresAt,
          },
        },
      ];
    }
    case 'ReleaseStock': {
      const reservation = state.reservations[command.orderId];
      if (!reservation) return [];
      return [
        {
          type: 'StockReleased',
          data: {
            listingId: state.listingId,
            orderId: command.orderId,
            quantity: reservation.quantity,
            reason: command.reason,
          },
        },
      ];
    }
    case 'SellStock': {
      if (state.soldOrders[command.orderId]) return [];
      const reservation = state.reservations[command.orderId];
      if (!reservation) return reject('conflict', `No stock is held for order ${command.orderId}`);
      // A reservation past its expiry no longer holds the units: sell it only if they are still free.
      if (
        Date.parse(reservation.expiresAt) <= now.getTime() &&
        availableStock(state, now, command.orderId) < reservation.quantity
      ) {
        return reject('conflict', unavailableMessage(fields.title));
      }
      return [
        {
          type: 'StockSold',
          data: {
            listingId: state.listingId,
            orderId: command.orderId,
            quantity: reservation.quantity,
          },
        },
      ];
    }
    case 'ReturnStock': {
      const quantity = state.soldOrders[command.orderId];
      if (!quantity || state.returnedOrders[command.orderId]) return [];
      return [
        {
          type: 'StockReturned',
          data: { listingId: state.listingId, orderId: command.orderId, quantity },
        },
      ];
    }
  }
}

export const listingDecider: Decider<ListingState, ListingCommand, ListingEvent> = {
  initialState: initialListingState,
  evolve: evolveListing,
  decide: decideListing,
};

export type BrandCommand =
  | { type: 'CreateBrand'; brandId: string; name: string; image: string | null }
  /** Creates the brand unless it exists; never refuses. */
  | { type: 'EnsureBrand'; brandId: string; name: string; image: string | null };

/**
 * Brands created by command have an id derived from the normalised name, so two racing
 * creations of the same name meet on one stream and only one wins.
 */
export const brandIdForName = (name: string) =>
  `br_${createHash('sha256').update(normaliseBrandName(name)).digest('hex').slice(0, 20)}`;

export const brandDecider: Decider<BrandState, BrandCommand, BrandEvent> = {
  initialState: initialBrand,
  evolve: evolveBrand,
  decide: (command, state) => {
    if (state.exists)
      return command.type === 'EnsureBrand' ? [] : reject('conflict', 'Brand already exists');
    return [
      {
        type: 'BrandCreated',
        data: { brandId: command.brandId, name: command.name.trim(), image: command.image },
      },
    ];
  },
};
