/**
 * A listing and its stock. available = stocked − sold − active reservations; a reservation is
 * active until its expiresAt, so an unpaid order stops holding stock at that moment even if
 * nothing has released it yet (Medusa-style reservations).
 */
import { photoUrl, type EventData, type EventOf } from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';

/** The events of a listing stream. */
export type ListingEvent = EventOf<
  | 'ListingCreated'
  | 'ListingUpdated'
  | 'ListingDeleted'
  | 'StockReserved'
  | 'StockReleased'
  | 'StockSold'
  | 'StockReturned'
>;

type ListingFields = Omit<EventData<'ListingCreated'>, 'listingId' | 'createdAt'>;

export interface Reservation {
  quantity: number;
  expiresAt: string;
}

export interface ListingState {
  exists: boolean;
  deleted: boolean;
  listingId: string;
  createdAt: string;
  fields: ListingFields | null;
  sold: number;
  /** Unreleased, unsold reservations by order id. */
  reservations: Record<string, Reservation>;
  /** Orders whose reservation was sold, so a repeated sale is a no-op. */
  soldOrders: Record<string, number>;
  /** Sold orders whose units came back (cancelled before shipping), so a return happens once. */
  returnedOrders: Record<string, number>;
}

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

export const initialListingState = (): ListingState => ({
  exists: false,
  deleted: false,
  listingId: '',
  createdAt: '',
  fields: null,
  sold: 0,
  reservations: {},
  soldOrders: {},
  returnedOrders: {},
});

/** Units a buyer can order at `now`. Never below zero. */
export function availableStock(state: ListingState, now: Date, exceptOrderId?: string): number {
  if (!state.exists || state.deleted || !state.fields) return 0;
  const held = Object.entries(state.reservations)
    .filter(([orderId, r]) => orderId !== exceptOrderId && Date.parse(r.expiresAt) > now.getTime())
    .reduce((sum, [, r]) => sum + r.quantity, 0);
  return Math.max(0, state.fields.stock - state.sold - held);
}

const without = <T>(record: Record<string, T>, key: string) => {
  const { [key]: _removed, ...rest } = record;
  return rest;
};

export function evolveListing(state: ListingState, event: ListingEvent): ListingState {
  switch (event.type) {
    case 'ListingCreated': {
      const { listingId, createdAt, ...fields } = event.data;
      return { ...state, exists: true, listingId, createdAt, fields };
    }
    case 'ListingUpdated':
      return state.fields
        ? { ...state, fields: { ...state.fields, ...event.data.changes } }
        : state;
    case 'ListingDeleted':
      return { ...state, deleted: true };
    case 'StockReserved':
      return {
        ...state,
        reservations: {
          ...state.reservations,
          [event.data.orderId]: { quantity: event.data.quantity, expiresAt: event.data.expiresAt },
        },
      };
    case 'StockReleased':
      return { ...state, reservations: without(state.reservations, event.data.orderId) };
    case 'StockSold':
      return {
        ...state,
        sold: state.sold + event.data.quantity,
        reservations: without(state.reservations, event.data.orderId),
        soldOrders: { ...state.soldOrders, [event.data.orderId]: event.data.quantity },
      };
    case 'StockReturned':
      return {
        ...state,
        sold: state.sold - event.data.quantity,
        returnedOrders: { ...state.returnedOrders, [event.data.orderId]: event.data.quantity },
      };
    default:
      return state;
  }
}

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
