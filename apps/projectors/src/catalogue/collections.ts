/**
 * The algorithmic collections and the Product of the Day's candidates, computed from the listed
 * listings the catalogue wrote; the catalogue projector schedules it (./projector.ts).
 */
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { HIDDEN_REASONS, listingsOf, type ListingDoc } from '@rewear/features/listing/projection';
// The algorithmic collections are the collections feature's; the catalogue computes them.
import {
  COLLECTION_RULES,
  FEATURED_ID,
  computeAllCollections,
  featuredCandidates,
  scoringInput,
  type AlgorithmicCollectionDoc,
  type ScoredProduct,
  type ScoringFields,
} from '@rewear/features/collections/projection';

const toScored = (doc: Pick<ListingDoc, '_id'> & ScoringFields): ScoredProduct =>
  scoringInput(doc._id, doc);

/** The listing fields the scoring reads (a catalogue's worth of documents is read per run). */
const SCORING_PROJECTION = Object.fromEntries(
  [
    'title',
    'description',
    'price_cents',
    'original_price_cents',
    'image',
    'gallery',
    'brand_id',
    'brand_name',
    'category_name',
    'conditions',
    'colors',
    'num_likes',
    'created_at',
  ].map((field) => [field, 1 as const]),
);

/**
 * Recomputes the seven algorithmic collections and the Product of the Day's candidates from the
 * listed products.
 */
export async function recomputeCollections(target: ReadSide, now: Date): Promise<void> {
  const listed = (
    await listingsOf(target).find(
      {
        deleted: false,
        stock: { $gt: 0 },
        created_at: { $ne: '' },
        hidden_by: { $nin: [...HIDDEN_REASONS] },
      },
      { projection: SCORING_PROJECTION, readonly: true },
    )
  ).map(toScored);
  const computed = computeAllCollections(listed, now);
  const store = target.collection<AlgorithmicCollectionDoc>(READ_MODELS.algorithmicCollections);
  const updated = now.toISOString();
  for (const [id, entries] of Object.entries(computed)) {
    const rule = COLLECTION_RULES[id as keyof typeof COLLECTION_RULES];
    await store.put({
      _id: id,
      title: rule.title,
      description: rule.description,
      criteria: rule.criteria,
      products: entries,
      updated,
    });
  }
  // The candidates with their scores without the random part: the day's pick is drawn when it
  // is read, from the server's calendar day (rankOfTheDay).
  await store.put({
    _id: FEATURED_ID,
    title: 'Product of the Day',
    description: 'Our pick of the day',
    criteria:
      'Image, favoured brand and category, likes, price band, recency, and a daily random part',
    products: listed.length ? featuredCandidates(listed, now) : [],
    updated,
  });
}
