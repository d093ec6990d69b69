/**
 * A user's query face: the names users are shown by, for the views that name other users
 * (conversations, sellers, reviews).
 */
import type { Doc, Filter, ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { OrderDoc } from '../order/projection.ts';
import type { SellerProfileDoc } from '../review/projection.ts';
import type { ShipmentDoc } from '../shipment/projection.ts';
import { SETTLED_SHIPMENT, type OpenDeals } from './domain.ts';
import type { UserDoc } from './projection.ts';

/** Display names by uid, in one read. */
export async function namesOf(side: ReadSide, uids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(uids)];
  if (unique.length === 0) return new Map();
  const users = await side
    .collection<UserDoc>(READ_MODELS.users)
    .find({ _id: { $in: unique } }, { readonly: true });
  return new Map(users.map((u) => [u._id, u.display_name]));
}

/** What keeps the member's account open (an order awaiting payment, a shipment not settled). */
export async function openDealsOf(side: ReadSide, uid: string): Promise<OpenDeals> {
  const [orders, bought, sold] = await Promise.all([
    side
      .collection<OrderDoc>(READ_MODELS.orders)
      .find({ user_id: uid, status: 'pending' }, { projection: { _id: 1 }, readonly: true }),
    side
      .collection<ShipmentDoc>(READ_MODELS.shipments)
      .find(
        { buyer_id: uid, status: { $nin: [...SETTLED_SHIPMENT] } },
        { projection: { _id: 1 }, readonly: true },
      ),
    side
      .collection<ShipmentDoc>(READ_MODELS.shipments)
      .find(
        { seller_id: uid, status: { $nin: [...SETTLED_SHIPMENT] } },
        { projection: { _id: 1 }, readonly: true },
      ),
  ]);
  return {
    orders: orders.map((o) => o._id),
    shipments: [...bought, ...sold].map((s) => s._id),
  };
}

/**
 * One part of a member's data export: the documents of a read model that are about them. A
 * read model that does not exist yet (its name not in READ_MODELS) gives an empty section.
 */
export interface MemberDataSection {
  key: string;
  title: string;
  collection: string | undefined;
  filter: (uid: string) => Filter;
  /** What of each document is theirs (default: the document, `_id` as `id`). */
  pick?: (doc: Doc, uid: string) => Record<string, unknown>[];
}

const named = READ_MODELS as Readonly<Record<string, string>>;

/** What of the seller profiles' reviews `uid` wrote. */
const reviewsWrittenBy = (doc: Doc, uid: string) =>
  ((doc as SellerProfileDoc).reviews ?? [])
    .filter((r) => r.author_id === uid)
    .map((r) => ({ subject_id: doc._id, ...r }));

/**
 * Everything Rewear holds about a member (GET /api/me/data), section by section. Adding a
 * section is one line here.
 */
export const MEMBER_DATA_SECTIONS: readonly MemberDataSection[] = [
  { key: 'profile', title: 'Profile', collection: named.users, filter: (uid) => ({ _id: uid }) },
  {
    key: 'publicProfile',
    title: 'Public profile and reviews received',
    collection: named.sellerProfiles,
    filter: (uid) => ({ _id: uid }),
  },
  {
    key: 'listings',
    title: 'Listings',
    collection: named.listings,
    filter: (uid) => ({ seller_id: uid }),
  },
  { key: 'orders', title: 'Orders', collection: named.orders, filter: (uid) => ({ user_id: uid }) },
  {
    key: 'purchases',
    title: 'Purchases shipped to you',
    collection: named.shipments,
    filter: (uid) => ({ buyer_id: uid }),
  },
  {
    key: 'sales',
    title: 'Sales',
    collection: named.shipments,
    filter: (uid) => ({ seller_id: uid }),
  },
  {
    key: 'conversations',
    title: 'Conversations',
    collection: named.conversations,
    filter: (uid) => ({ $or: [{ buyer_id: uid }, { seller_id: uid }] }),
  },
  {
    key: 'messages',
    title: 'Messages you sent',
    collection: named.conversationEntries,
    filter: (uid) => ({ author_id: uid, kind: 'message' }),
  },
  {
    key: 'reviewsWritten',
    title: 'Reviews you wrote',
    collection: named.sellerProfiles,
    filter: (uid) => ({ 'reviews.author_id': uid }),
    pick: reviewsWrittenBy,
  },
  {
    key: 'follows',
    title: 'Sellers you follow',
    collection: named.follows,
    filter: (uid) => ({ follower_id: uid }),
  },
  {
    key: 'savedSearches',
    title: 'Saved searches',
    collection: named.savedSearches,
    filter: (uid) => ({ user_id: uid }),
  },
  {
    key: 'wishlist',
    title: 'Wishlist',
    collection: named.wishlistItems,
    filter: (uid) => ({ user_id: uid }),
  },
  {
    key: 'collections',
    title: 'Collections',
    collection: named.userCollections,
    filter: (uid) => ({ owner_id: uid }),
  },
  { key: 'cart', title: 'Cart', collection: named.carts, filter: (uid) => ({ user_id: uid }) },
  {
    key: 'notifications',
    title: 'Notifications',
    collection: named.inbox,
    filter: (uid) => ({ recipient_id: uid }),
  },
  {
    key: 'orderNotifications',
    title: 'Order notifications',
    collection: named.notifications,
    filter: (uid) => ({ $or: [{ buyer_id: uid }, { seller_id: uid }] }),
  },
  {
    key: 'contactMessages',
    title: 'Messages to Rewear',
    collection: named.contactMessages,
    filter: (uid) => ({ user_id: uid }),
  },
  {
    key: 'reportsMade',
    title: 'Reports made',
    collection: named.moderationReports,
    filter: (uid) => ({ reporter_id: uid }),
  },
  {
    key: 'moderationDecisions',
    title: 'Moderation decisions about you',
    collection: named.moderationDecisions,
    filter: (uid) => ({ affected_id: uid }),
    // The statement of reasons as the member reads it: not which moderator decided.
    pick: ({ _id, moderator_id: _moderator, ...rest }) => [{ id: _id, ...rest }],
  },
  {
    key: 'blocks',
    title: 'Members you block',
    collection: named.blocks,
    filter: (uid) => ({ blocker_id: uid }),
  },
  {
    key: 'holiday',
    title: 'Holiday mode',
    collection: named.holidays,
    filter: (uid) => ({ _id: uid }),
  },
];

export interface MemberData {
  uid: string;
  exportedAt: string;
  sections: { key: string; title: string; items: Record<string, unknown>[] }[];
}

const asItem = ({ _id, ...rest }: Doc): Record<string, unknown> => ({ id: _id, ...rest });

/** The member's data, every section in order (GET /api/me/data). */
export async function memberDataOf(
  side: ReadSide,
  uid: string,
  now: Date,
  sections: readonly MemberDataSection[] = MEMBER_DATA_SECTIONS,
): Promise<MemberData> {
  const filled = await Promise.all(
    sections.map(async (section) => {
      const docs = section.collection
        ? await side.collection(section.collection).find(section.filter(uid), { readonly: true })
        : [];
      const items = section.pick
        ? docs.flatMap((doc) => section.pick!(doc, uid))
        : docs.map(asItem);
      return { key: section.key, title: section.title, items };
    }),
  );
  return { uid, exportedAt: now.toISOString(), sections: filled };
}
