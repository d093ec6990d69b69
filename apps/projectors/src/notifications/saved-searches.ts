/**
 * Saved-search alerts (docs/product.md §14): a new listing that matches a saved search tells its
 * owner, and counts as a new match until the search is opened. The saved searches themselves
 * are this notifier's state (the `saved_searches` collection, which the query side lists), each
 * filed under its most selective term (saved-search-matcher.ts): a new listing reads only the
 * searches filed under one of its terms, through the collection's index, never all of them.
 * Being read-model documents, they are the same in every process and rebuilt by replay. Their
 * shapes and pure steps are the saved searches feature's (packages/features), and what an alert
 * says is the notifications module's (matchAlerts).
 */
import {
  categoryById,
  colorName,
  conditionName,
  sizeName,
  type EnvelopeOf,
} from '@rewear/contracts';
import type { Doc, ReadSide } from '@rewear/platform';
import {
  savedSearchDoc,
  withNewMatch,
  type SavedSearchBrandDoc,
  type SavedSearchDoc,
} from '@rewear/features/saved-searches/projection';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import {
  matchAlerts,
  type InboxDraft,
  type Notifier,
} from '@rewear/features/notifications/projection';
import {
  listingKeys,
  matchesSavedSearch,
  savedSearchKey,
  type MatchableListing,
} from './saved-search-matcher.ts';

type SavedSearchEvent = EnvelopeOf<
  | 'SearchSaved'
  | 'SavedSearchDeleted'
  | 'SavedSearchOpened'
  | 'BrandCreated'
  | 'ListingCreated'
  | 'HolidayModeStarted'
  | 'HolidayModeEnded'
>;

/**
 * A seller whose listings are hidden while they are away (holiday mode): a listing they create
 * meanwhile alerts no one. Kept by this notifier from the same log, so a rebuild agrees.
 */
interface AwaySellerDoc extends Doc {
  _id: string;
}
const awaySellersOf = (target: ReadSide) =>
  target.collection<AwaySellerDoc>(READ_MODELS.savedSearchAwaySellers);

const names = (ids: readonly number[], nameOf: (id: number) => string | undefined) =>
  ids.map(nameOf).filter((name): name is string => Boolean(name));

/** Pure: a new listing as matching sees it. */
export function matchableListing(
  data: EnvelopeOf<'ListingCreated'>['data'],
  brandName: string,
): MatchableListing {
  return {
    title: data.title,
    description: data.description,
    brandName,
    categoryName: categoryById(data.categoryId)?.name ?? '',
    sizes: names(data.sizeIds, sizeName),
    colors: names(data.colorIds, colorName),
    conditions: names(data.conditionIds, conditionName),
    priceCents: data.priceCents,
  };
}

async function onListingCreated(
  event: EnvelopeOf<'ListingCreated'>,
  target: ReadSide,
): Promise<InboxDraft[]> {
  const searches = target.collection<SavedSearchDoc>(READ_MODELS.savedSearches);
  // Hidden from the catalogue, so from the alerts too.
  if (await awaySellersOf(target).findOne({ _id: event.data.sellerId }, { readonly: true }))
    return [];
  const brand = await target
    .collection<SavedSearchBrandDoc>(READ_MODELS.savedSearchBrands)
    .findOne({ _id: event.data.brandId }, { readonly: true });
  const listing = matchableListing(event.data, brand?.name ?? '');
  const candidates = await searches.find(
    { index_key: { $in: [...new Set(listingKeys(listing))] } },
    { readonly: true },
  );
  const matched = candidates.filter(
    // A seller is not alerted of their own listing.
    (search) => search.user_id !== event.data.sellerId && matchesSavedSearch(search.query, listing),
  );
  for (const search of matched) {
    const next = withNewMatch(search, event.data.listingId);
    if (next !== search) await searches.put(next);
  }
  return matchAlerts(matched, event.data);
}

export const savedSearchNotifier: Notifier<SavedSearchEvent['type']> = {
  handles: [
    'SearchSaved',
    'SavedSearchDeleted',
    'SavedSearchOpened',
    'BrandCreated',
    'ListingCreated',
    'HolidayModeStarted',
    'HolidayModeEnded',
  ],
  collections: {
    [READ_MODELS.savedSearches]: [{ keys: { index_key: 1 } }, { keys: { user_id: 1 } }],
    [READ_MODELS.savedSearchBrands]: [],
    [READ_MODELS.savedSearchAwaySellers]: [],
  },
  async notify(event, target) {
    const searches = target.collection<SavedSearchDoc>(READ_MODELS.savedSearches);
    switch (event.type) {
      case 'ListingCreated':
        return onListingCreated(event, target);
      case 'BrandCreated':
        await target
          .collection<SavedSearchBrandDoc>(READ_MODELS.savedSearchBrands)
          .put({ _id: event.data.brandId, name: event.data.name });
        return [];
      case 'SearchSaved': {
        const existing = await searches.findOne({ _id: event.data.searchId });
        if (!existing)
          await searches.put(savedSearchDoc(event.data, savedSearchKey(event.data.query)));
        return [];
      }
      case 'SavedSearchOpened':
        await searches.update(event.data.searchId, {
          $set: { last_opened_at: event.data.openedAt, new_listing_ids: [] },
        });
        return [];
      case 'SavedSearchDeleted':
        await searches.delete(event.data.searchId);
        return [];
      case 'HolidayModeStarted':
        await awaySellersOf(target).put({ _id: event.data.uid });
        return [];
      case 'HolidayModeEnded':
        if (await awaySellersOf(target).findOne({ _id: event.data.uid }, { readonly: true }))
          await awaySellersOf(target).delete(event.data.uid);
        return [];
    }
  },
};
