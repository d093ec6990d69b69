/**
 * Collections' query face (docs/product.md §3, §9): the algorithmic collections and the public
 * user collections, a user's own, one collection as its reader may see it, and their views
 * joined to the listed products.
 */
import type { CollectionProduct, CollectionView } from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { isListed, type ListingDoc } from '../listing/projection.ts';
import {
  ALGORITHMIC_COLLECTION_IDS,
  isAlgorithmicCollection,
  userCollectionShownTo,
} from './domain.ts';
import type { AlgorithmicCollectionDoc, CollectionEntry, UserCollectionDoc } from './projection.ts';

export type AnyCollectionDoc = AlgorithmicCollectionDoc | UserCollectionDoc;

/** A product as a collection's view shows it (the catalogue's product view of a listing). */
export type ProductOf = (id: string, listing: ListingDoc) => Omit<CollectionProduct, 'score'>;

const listed = (l: ListingDoc | undefined): l is ListingDoc => !!l && isListed(l);

const isUserCollection = (doc: AnyCollectionDoc): doc is UserCollectionDoc =>
  Array.isArray((doc as UserCollectionDoc).product_ids);

function entriesOf(doc: AnyCollectionDoc): CollectionEntry[] {
  return isUserCollection(doc)
    ? doc.product_ids.map((product_id) => ({ product_id, score: 0 }))
    : doc.products;
}

const algorithmic = (side: ReadSide) =>
  side.collection<AlgorithmicCollectionDoc>(READ_MODELS.algorithmicCollections);
const userCollections = (side: ReadSide) =>
  side.collection<UserCollectionDoc>(READ_MODELS.userCollections);

/** Pure: a collection's view of its products still listed (sold-out ones drop out). */
export function collectionView(
  doc: AnyCollectionDoc,
  listings: ReadonlyMap<string, ListingDoc>,
  productOf: ProductOf,
): CollectionView {
  const products: CollectionProduct[] = [];
  for (const entry of entriesOf(doc)) {
    const l = listings.get(entry.product_id);
    if (listed(l)) products.push({ ...productOf(l._id, l), score: entry.score });
  }
  if (isUserCollection(doc)) {
    return {
      id: doc._id,
      title: doc.title,
      description: doc.description,
      type: 'user',
      products,
      metadata: { updated: doc.created_at, criteria: 'Chosen by its owner' },
      owner_id: doc.owner_id,
      followers: doc.followers.length,
    };
  }
  return {
    id: doc._id,
    title: doc.title,
    description: doc.description,
    type: 'algorithmic',
    products,
    metadata: { updated: doc.updated, criteria: doc.criteria },
  };
}

/** The views, joining every product of every collection in one read. */
export async function collectionViews(
  side: ReadSide,
  docs: readonly AnyCollectionDoc[],
  productOf: ProductOf,
): Promise<CollectionView[]> {
  const ids = [...new Set(docs.flatMap((d) => entriesOf(d).map((e) => e.product_id)))];
  const found = ids.length
    ? await side.collection<ListingDoc>(READ_MODELS.listings).find({ _id: { $in: ids } })
    : [];
  const listings = new Map(found.map((l) => [l._id, l]));
  return docs.map((doc) => collectionView(doc, listings, productOf));
}

/**
 * The algorithmic collections in their order, then the public user collections (most followed
 * first, then newest), `limit` in all.
 */
export async function publicCollections(
  side: ReadSide,
  limit: number,
): Promise<AnyCollectionDoc[]> {
  const computed = await algorithmic(side).find({ _id: { $in: ALGORITHMIC_COLLECTION_IDS } });
  const ordered = ALGORITHMIC_COLLECTION_IDS.map((id) => computed.find((c) => c._id === id)).filter(
    (c): c is AlgorithmicCollectionDoc => !!c,
  );
  const room = Math.max(0, limit - ordered.length);
  const publicOnes = room
    ? (await userCollections(side).find({ is_public: true, owner_id: { $ne: '' } }))
        .sort(
          (a, b) =>
            b.followers.length - a.followers.length || b.created_at.localeCompare(a.created_at),
        )
        .slice(0, room)
    : [];
  return [...ordered.slice(0, limit), ...publicOnes];
}

/** A user's own collections, newest first. */
export const collectionsOwnedBy = (side: ReadSide, uid: string) =>
  userCollections(side).find({ owner_id: uid }, { sort: { created_at: -1 } });

/**
 * One collection as `uid` (none: a visitor) may see it: an algorithmic one, or a user collection
 * shown to them (the domain's rule); null otherwise.
 */
export async function collectionShownTo(
  side: ReadSide,
  id: string,
  uid: string | undefined,
): Promise<AnyCollectionDoc | null> {
  const doc =
    (isAlgorithmicCollection(id) ? await algorithmic(side).findOne({ _id: id }) : null) ??
    (await userCollections(side).findOne({ _id: id }));
  if (!doc || !isUserCollection(doc)) return doc;
  const shown = userCollectionShownTo(
    { created: doc.owner_id !== '', ownerId: doc.owner_id, isPublic: doc.is_public },
    uid,
  );
  return shown ? doc : null;
}

// The Product of the Day's candidates are kept among the algorithmic collections; the catalogue's
// routes read them by this id.
export { FEATURED_ID } from './projection.ts';
export type { AlgorithmicCollectionDoc, UserCollectionDoc } from './projection.ts';
