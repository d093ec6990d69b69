/**
 * Public profiles and reviews (docs/product.md §12): a user's profile with their rating, the
 * reviews they received and their listings; a completed shipment's two reviews for its buyer and
 * seller. A product's detail (the listing module's queries) and every list read the seller's rating off
 * the listing, where the catalogue projection keeps it (no read more per product). Mounted from
 * the review feature's query face.
 */
import { sellerProfileAnswer, shipmentReviewsAnswer } from '@rewear/contracts/answers';
import { z } from 'zod';
import { type SellerProfile, type ShipmentReviews } from '@rewear/contracts';
import {
  profileOf,
  ratingOf,
  receivedReviewsView,
  shipmentReviews,
} from '@rewear/features/review/queries';
import { namesOf } from '@rewear/features/user/queries';
import { forbidden, notFound } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { ShipmentDoc } from '@rewear/features/shipment/projection';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam } from '../shared/schemas.ts';
import { fromListing, sellerListings } from '@rewear/features/listing/queries';
import { badgesOfSeller } from '@rewear/features/badges/queries';
import { sellerAwayUntil } from '@rewear/features/holiday/queries';

const uidParams = z.object({ uid: idParam });

export const sellerRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/sellers/{uid}',
      summary:
        "A user's public profile: name, member since, rating, the reviews they received (newest first), their listings for sale and the number of items sold",
      tags: ['Sellers'],
      auth: 'optional',
      params: uidParams,
      responses: {
        200: { description: 'SellerProfile', body: sellerProfileAnswer },
        404: 'Seller not found',
      },
    },
    async handle({ params, deps }): Promise<SellerProfile> {
      const side = deps.readSide;
      const [profile, listings, completed, badges, awayUntil] = await Promise.all([
        profileOf(side, params.uid),
        sellerListings(side, params.uid, { readonly: true }),
        side
          .collection<ShipmentDoc>(READ_MODELS.shipments)
          .find(
            { seller_id: params.uid, status: 'completed' },
            { projection: { items: 1 }, readonly: true },
          ),
        badgesOfSeller(side, params.uid),
        sellerAwayUntil(side, params.uid),
      ]);
      if (!profile && listings.length === 0) throw notFound('Seller not found');
      const names = await namesOf(
        side,
        (profile?.reviews ?? []).map((r) => r.author_id),
      );
      const forSale = listings.filter((l) => l.stock > 0);
      return {
        uid: params.uid,
        // Sellers of the seed catalogue have listings and no account: their listings name them.
        displayName: profile?.display_name || listings[0]?.seller_name || '',
        photoUrl: profile?.photo_url ?? listings[0]?.seller_photo ?? null,
        memberSince: profile?.member_since ?? null,
        rating: ratingOf(profile),
        reviews: receivedReviewsView(params.uid, profile, names),
        listings: forSale.map(fromListing),
        itemsSold: completed.reduce(
          (sum, s) => sum + s.items.reduce((units, item) => units + item.quantity, 0),
          0,
        ),
        badges,
        awayUntil,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/shipments/{shipmentId}/reviews',
      summary:
        "A shipment's two reviews (the asker's and the other party's) and whether reviews are open; its buyer and seller only",
      tags: ['Sellers'],
      auth: 'user',
      params: z.object({ shipmentId: idParam }),
      responses: {
        200: { description: 'ShipmentReviews', body: shipmentReviewsAnswer },
        401: 'Not signed in',
        403: 'Not your shipment',
        404: 'Shipment not found',
      },
    },
    async handle({ user, params, deps }): Promise<ShipmentReviews> {
      const side = deps.readSide;
      const shipment = await side
        .collection<ShipmentDoc>(READ_MODELS.shipments)
        .findOne({ _id: params.shipmentId }, { readonly: true });
      if (!shipment) throw notFound('Shipment not found');
      const reviews = await shipmentReviews(side, shipment, user.uid, (uids) =>
        namesOf(side, uids),
      );
      if (!reviews) throw forbidden('This shipment is not yours');
      return reviews;
    },
  }),
];
