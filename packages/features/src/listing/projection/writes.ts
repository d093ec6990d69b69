/**
 * Where the catalogue's jobs read and write listings (`ListingWrites`): straight to the read
 * side, or, during a batch the runtime announces, to the batch's documents, written once each
 * (to the collection and the search index) when the batch ends. A listing created, repriced and
 * liked in one batch is then read once and written once.
 */
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
// A seller's rating is the review feature's; the catalogue carries it onto their listings.
import type { SellerRatingDoc } from '../../review/projection.ts';
import {
  likesOf,
  listingsOf,
  sellerVisibilityOf,
  type ListingDoc,
  type SellerVisibilityDoc,
} from './documents.ts';
import { withSellerRating } from './listings.ts';
import type { SellerBadgesDoc } from './seller-badges.ts';
import { syncSearch } from './search-sync.ts';

const sellerRatingsOf = (t: ReadSide) => t.collection<SellerRatingDoc>(READ_MODELS.sellerRatings);
const sellerBadgesOf = (t: ReadSide) => t.collection<SellerBadgesDoc>(READ_MODELS.sellerBadges);

/**
 * Freezes the arrays and objects inside a listing the projection built (its own, never shared
 * with a caller): an engine that copies what it stores then keeps them as they are instead of
 * copying them, and the collection and the search index share them. The document itself stays
 * unfrozen, so the engine's copy of it gets the engine's own (shared) object shape.
 * Its parts by name (every other field is a primitive): a walk over every field of every
 * listing written cost a replay 4-5% of its time. A part left out here would only be copied.
 */
function freezeParts(doc: ListingDoc): ListingDoc {
  Object.freeze(doc.gallery);
  Object.freeze(doc.condition_ids);
  Object.freeze(doc.conditions);
  Object.freeze(doc.size_ids);
  Object.freeze(doc.sizes);
  Object.freeze(doc.color_ids);
  Object.freeze(doc.colors);
  if (doc.seller_badges) Object.freeze(doc.seller_badges);
  if (!Object.isFrozen(doc.holds)) {
    for (const hold of doc.holds) Object.freeze(hold);
    Object.freeze(doc.holds);
  }
  return doc;
}

/**
 * Where the listing steps read and write listings: straight to the read side, or, during a
 * batch, to the batch's documents (written once each when the batch ends). Like counts too
 * are then counted once per listing when the batch ends, not once per like: a boot's catch-up
 * is one batch, and a seeded catalogue has more likes than listings.
 */
export class ListingWrites {
  /** Listings read or written during the batch; null = known to be absent. */
  private readonly seen = new Map<string, ListingDoc | null>();
  private readonly changed = new Set<string>();
  /** Ids of the batch's changed listings by brand id. */
  private readonly byBrand = new Map<string, Set<string>>();
  /** Ids of the batch's changed listings by seller id. */
  private readonly bySeller = new Map<string, Set<string>>();
  /** Listings whose like count is due when the batch ends. */
  private readonly likesToCount = new Set<string>();
  /** The sellers' ratings read or written during the batch (written through at once). */
  private readonly ratings = new Map<string, SellerRatingDoc | null>();

  constructor(
    readonly target: ReadSide,
    private readonly batched: boolean,
  ) {}

  async get(id: string): Promise<ListingDoc | null> {
    if (this.batched) {
      const known = this.seen.get(id);
      if (known !== undefined) return known;
    }
    const doc = await listingsOf(this.target).findOne({ _id: id }, { readonly: true });
    if (this.batched) this.seen.set(id, doc);
    return doc;
  }

  /** Listings of a brand whose brand name differs from `name`, the batch's versions first. */
  async staleForBrand(brandId: string, name: string): Promise<ListingDoc[]> {
    // read-only: a stale listing is replaced by a new document, never changed
    const stored = await listingsOf(this.target).find(
      { brand_id: brandId, brand_name: { $ne: name } },
      { readonly: true },
    );
    const out = new Map<string, ListingDoc>();
    for (const doc of stored) {
      const pending = this.batched ? this.seen.get(doc._id) : undefined;
      if (pending === undefined) out.set(doc._id, doc);
    }
    for (const id of this.byBrand.get(brandId) ?? []) {
      const doc = this.seen.get(id);
      if (doc && doc.brand_id === brandId && doc.brand_name !== name) out.set(doc._id, doc);
    }
    return [...out.values()];
  }

  /** Listings of a seller whose rating differs from (sum, count), the batch's versions first. */
  async staleForSeller(sellerId: string, sum: number, count: number): Promise<ListingDoc[]> {
    return this.ofSeller(sellerId, (doc) => withSellerRating(doc, sum, count) !== doc);
  }

  /** A seller's listings for which `keep` holds, the batch's versions first. */
  async ofSeller(sellerId: string, keep: (doc: ListingDoc) => boolean): Promise<ListingDoc[]> {
    const stored = await listingsOf(this.target).find({ seller_id: sellerId }, { readonly: true });
    const out = new Map<string, ListingDoc>();
    const consider = (doc: ListingDoc | null | undefined) => {
      if (doc && doc.seller_id === sellerId && keep(doc)) out.set(doc._id, doc);
    };
    for (const doc of stored) consider(this.batched ? (this.seen.get(doc._id) ?? doc) : doc);
    for (const id of this.bySeller.get(sellerId) ?? []) consider(this.seen.get(id));
    return [...out.values()];
  }

  /** What hides a seller's listings now (written through at once, like the ratings). */
  async sellerVisibility(sellerId: string): Promise<SellerVisibilityDoc | null> {
    return sellerVisibilityOf(this.target).findOne({ _id: sellerId }, { readonly: true });
  }

  async putSellerVisibility(doc: SellerVisibilityDoc): Promise<void> {
    await sellerVisibilityOf(this.target).put(doc);
  }

  /** A seller's badges document (written through at once, like the visibility). */
  async sellerBadges(sellerId: string): Promise<SellerBadgesDoc | null> {
    return sellerBadgesOf(this.target).findOne({ _id: sellerId }, { readonly: true });
  }

  /** The badges document of the seller of a shipment. */
  async sellerBadgesOfShipment(shipmentId: string): Promise<SellerBadgesDoc | null> {
    return sellerBadgesOf(this.target).findOne({ 'shipments.id': shipmentId }, { readonly: true });
  }

  async putSellerBadges(doc: SellerBadgesDoc): Promise<void> {
    await sellerBadgesOf(this.target).put(doc);
  }

  async rating(sellerId: string): Promise<SellerRatingDoc | null> {
    if (this.batched && this.ratings.has(sellerId)) return this.ratings.get(sellerId)!;
    const doc = await sellerRatingsOf(this.target).findOne({ _id: sellerId }, { readonly: true });
    if (this.batched) this.ratings.set(sellerId, doc);
    return doc;
  }

  async putRating(doc: SellerRatingDoc): Promise<void> {
    await sellerRatingsOf(this.target).put(doc);
    if (this.batched) this.ratings.set(doc._id, doc);
  }

  async put(docs: ListingDoc[]): Promise<void> {
    docs.forEach(freezeParts);
    if (this.batched) {
      for (const doc of docs) {
        this.seen.set(doc._id, doc);
        this.changed.add(doc._id);
        // by brand, for a BrandCreated later in the batch (an id may stay after a brand change)
        let ids = this.byBrand.get(doc.brand_id);
        if (!ids) this.byBrand.set(doc.brand_id, (ids = new Set()));
        ids.add(doc._id);
        let ofSeller = this.bySeller.get(doc.seller_id);
        if (!ofSeller) this.bySeller.set(doc.seller_id, (ofSeller = new Set()));
        ofSeller.add(doc._id);
      }
      return;
    }
    for (const doc of docs) await listingsOf(this.target).put(doc);
    await syncSearch(this.target, docs);
  }

  /** `doc` with its like count from the like documents; in a batch, counted when it ends. */
  async withLikeCount(doc: ListingDoc): Promise<ListingDoc> {
    if (this.batched) {
      this.likesToCount.add(doc._id);
      return doc;
    }
    doc.num_likes = await likesOf(this.target).count({ product_id: doc._id });
    return doc;
  }

  /** Recounts the likes of listing `id` (if it exists yet); in a batch, when it ends. */
  async recountLikes(id: string): Promise<void> {
    if (this.batched) {
      this.likesToCount.add(id);
      return;
    }
    await this.writeLikeCount(id);
  }

  private async writeLikeCount(id: string): Promise<void> {
    const listing = await this.get(id);
    if (!listing) return;
    const numLikes = await likesOf(this.target).count({ product_id: id });
    if (listing.num_likes !== numLikes) await this.put([{ ...listing, num_likes: numLikes }]);
  }

  /** Writes every listing the batch changed, once. */
  async commit(): Promise<void> {
    for (const id of this.likesToCount) await this.writeLikeCount(id);
    this.likesToCount.clear();
    const docs: ListingDoc[] = [];
    for (const id of this.changed) docs.push(freezeParts(this.seen.get(id)!));
    this.changed.clear();
    this.seen.clear();
    this.byBrand.clear();
    this.bySeller.clear();
    this.ratings.clear();
    const collection = listingsOf(this.target);
    // The collection and the search index are written at the same time: on the distributed
    // engines a new listing is searchable a MongoDB write sooner. (Its document is still in
    // first in practice: Meilisearch takes 60 ms or more to index even one document.)
    await Promise.all([
      (async () => {
        for (const doc of docs) await collection.put(doc);
      })(),
      syncSearch(this.target, docs),
    ]);
  }
}
