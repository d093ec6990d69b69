/** Algorithmic collections (computed by the catalogue projector) and users' own collections. */
import { z } from 'zod';
import {
  COLLECTION_SIZES,
  LIMITS,
  type CollectionProduct,
  type CollectionView,
} from '@rewear/contracts';
import { notFound, requireSelf, type ReadSide } from '@rewear/platform';
import {
  READ_MODELS,
  type AlgorithmicCollectionDoc,
  type UserCollectionDoc,
} from '@rewear/features/shared/read-models';
import { defineRoute, type QueryRoute } from '../shared/route.ts';
import { idParam, wholeNumber } from '../shared/schemas.ts';
import { listingsById, toProduct, type ListingDoc } from '@rewear/features/listing/queries';

const ALGORITHMIC_IDS = Object.keys(COLLECTION_SIZES);
const listed = (l: ListingDoc | undefined): l is ListingDoc =>
  !!l && !l.deleted && l.created_at !== '' && l.stock > 0;

type AnyCollection = AlgorithmicCollectionDoc | UserCollectionDoc;
const isUserCollection = (doc: AnyCollection): doc is UserCollectionDoc =>
  Array.isArray(doc.product_ids);

function entriesOf(doc: AnyCollection): Array<{ product_id: string; score: number }> {
  return isUserCollection(doc)
    ? doc.product_ids.map((product_id) => ({ product_id, score: 0 }))
    : (doc as AlgorithmicCollectionDoc).products;
}

/** Builds the views, joining every product of every collection in one query. Sold-out products drop out. */
async function views(side: ReadSide, docs: AnyCollection[]): Promise<CollectionView[]> {
  const listings = await listingsById(
    side,
    docs.flatMap((d) => entriesOf(d).map((e) => e.product_id)),
  );
  return docs.map((doc) => {
    const products: CollectionProduct[] = [];
    for (const entry of entriesOf(doc)) {
      const l = listings.get(entry.product_id);
      if (listed(l)) products.push({ ...toProduct(l._id, l), score: entry.score });
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
    const a = doc as AlgorithmicCollectionDoc;
    return {
      id: a._id,
      title: a.title,
      description: a.description,
      type: 'algorithmic',
      products,
      metadata: { updated: a.updated, criteria: a.criteria },
    };
  });
}

const algorithmic = (side: ReadSide) =>
  side.collection<AlgorithmicCollectionDoc>(READ_MODELS.algorithmicCollections);
const userCollections = (side: ReadSide) =>
  side.collection<UserCollectionDoc>(READ_MODELS.userCollections);

export const collectionRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/collections/public',
      summary:
        'The algorithmic collections, then public user collections (most followed first), up to limit',
      tags: ['Collections'],
      auth: 'optional',
      query: z.object({ limit: wholeNumber(1, 100).default(LIMITS.publicCollectionsDefault) }),
      responses: { 200: 'CollectionView[]', 400: 'Invalid query' },
    },
    async handle({ query, deps }) {
      const computed = await algorithmic(deps.readSide).find({ _id: { $in: ALGORITHMIC_IDS } });
      const ordered = ALGORITHMIC_IDS.map((id) => computed.find((c) => c._id === id)).filter(
        (c): c is AlgorithmicCollectionDoc => !!c,
      );
      const room = Math.max(0, query.limit - ordered.length);
      const publicOnes = room
        ? (await userCollections(deps.readSide).find({ is_public: true, owner_id: { $ne: '' } }))
            .sort(
              (a, b) =>
                b.followers.length - a.followers.length || b.created_at.localeCompare(a.created_at),
            )
            .slice(0, room)
        : [];
      return views(deps.readSide, [...ordered.slice(0, query.limit), ...publicOnes]);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/collections/user/{userId}',
      summary: "The signed-in user's own collections",
      tags: ['Collections'],
      auth: 'user',
      params: z.object({ userId: idParam }),
      responses: { 200: 'CollectionView[]', 401: 'Not signed in', 403: 'Not your collections' },
    },
    async handle({ ctx, params, deps }) {
      requireSelf(ctx, params.userId);
      const docs = await userCollections(deps.readSide).find(
        { owner_id: params.userId },
        { sort: { created_at: -1 } },
      );
      return views(deps.readSide, docs);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/collections/{id}',
      summary: 'One collection (a private one only for its owner)',
      tags: ['Collections'],
      auth: 'optional',
      params: z.object({ id: idParam }),
      responses: { 200: 'CollectionView', 404: 'Collection not found' },
    },
    async handle({ ctx, params, deps }) {
      const doc =
        (ALGORITHMIC_IDS.includes(params.id)
          ? await algorithmic(deps.readSide).findOne({ _id: params.id })
          : null) ?? (await userCollections(deps.readSide).findOne({ _id: params.id }));
      const hidden =
        doc &&
        isUserCollection(doc) &&
        (doc.owner_id === '' || (!doc.is_public && doc.owner_id !== ctx.state.user?.uid));
      if (!doc || hidden) throw notFound('Collection not found');
      const [view] = await views(deps.readSide, [doc]);
      return view;
    },
  }),
];
