import { aggregateOf } from '../shared/decider.ts';
import { wishlistDecider } from '@rewear/features/wishlist/decider';

/** A user's wishlist: its command handling, bound once (streams `wishlist-<id>`). */
export const wishlists = aggregateOf(wishlistDecider, 'wishlist');
