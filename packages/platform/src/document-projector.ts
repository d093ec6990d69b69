/**
 * A projector of documents: each event of the handled types names the document(s) it changes,
 * and a pure `evolve` turns the current document into the next one. The projector does the
 * rest: reads the document, evolves it, and writes the result (null deletes it; the same
 * document back changes nothing, so no write is made).
 *
 *   export const ordersProjector = documentProjector({
 *     name: 'orders',
 *     collectionName: READ_MODELS.orders,
 *     indexes: [{ keys: { user_id: 1, created_at: -1 } }],
 *     canHandle: ['OrderPlaced', 'OrderPaid'],
 *     documentId: (event) => event.data.orderId,
 *     evolve: projectOrder, // (OrderDoc | null, event) => OrderDoc | null
 *   });
 *
 * `evolve` must be pure and must not change the document it is given: it is read as read-only
 * (an engine may hand out its own frozen copy). Writes are puts and deletes of whole documents,
 * so a redelivery or a replay changes nothing if `evolve` gives the same document for it.
 */
import type { EnvelopeOf, EventType } from '@rewear/contracts';
import type { Doc, IndexSpec, ReadModelCollection } from '@rewear/ports';
import type { Projector } from './projection.ts';

interface DocumentProjectorBase<T extends EventType> {
  /** The projector's name: its checkpoint and dead letters are kept under it. */
  name: string;
  /** Logical name of the read-model collection of the documents (the projector owns it). */
  collectionName: string;
  /** The collection's indexes. */
  indexes?: IndexSpec[];
  /** The event types it projects; the runtime delivers it no others. */
  canHandle: readonly T[];
  /**
   * Id of the document an event changes, or ids of the documents (each is evolved by the event
   * in turn). The document `evolve` returns must have this id.
   */
  documentId(event: EnvelopeOf<T>): string | readonly string[];
}

/** Without an initial state: an absent document is null to `evolve`. */
export interface DocumentProjectorOptions<
  D extends Doc,
  T extends EventType,
> extends DocumentProjectorBase<T> {
  /** Next state of the document (null: absent). Null deletes it; `document` back keeps it. */
  evolve(document: D | null, event: EnvelopeOf<T>): D | null;
}

/** With an initial state: an absent document is `initialState(id)` to `evolve`. */
export interface InitialisedDocumentProjectorOptions<
  D extends Doc,
  T extends EventType,
> extends DocumentProjectorBase<T> {
  /** The document before its first event. Written if `evolve` gives it back. */
  initialState(id: string): D;
  /** Next state of the document. Null deletes it; `document` back keeps it. */
  evolve(document: D, event: EnvelopeOf<T>): D | null;
}

export function documentProjector<D extends Doc, const T extends EventType>(
  options: InitialisedDocumentProjectorOptions<D, T>,
): Projector<T>;
export function documentProjector<D extends Doc, const T extends EventType>(
  options: DocumentProjectorOptions<D, T>,
): Projector<T>;
export function documentProjector<D extends Doc, const T extends EventType>(
  options: DocumentProjectorOptions<D, T> | InitialisedDocumentProjectorOptions<D, T>,
): Projector<T> {
  const { name, collectionName, canHandle, documentId } = options;
  const evolve = options.evolve as (document: D | null, event: EnvelopeOf<T>) => D | null;
  const initialState = 'initialState' in options ? options.initialState : undefined;

  /** Find → evolve → put or delete, for one document. */
  async function project(
    collection: ReadModelCollection<D>,
    id: string,
    event: EnvelopeOf<T>,
  ): Promise<void> {
    const current = await collection.findOne({ _id: id }, { readonly: true });
    const next = evolve(current ?? (initialState ? initialState(id) : null), event);
    if (next === current) return;
    if (next === null) {
      if (current !== null) await collection.delete(id);
      return;
    }
    if (next._id !== id)
      throw new Error(`${name}: evolve gave document ${next._id} for ${id} (${event.type})`);
    await collection.put(next);
  }

  return {
    name,
    collections: { [collectionName]: options.indexes ?? [] },
    handles: canHandle,
    async apply(delivered, target) {
      // One of `canHandle`'s types: the runtime delivers no others.
      const event = delivered as EnvelopeOf<T>;
      const collection = target.collection<D>(collectionName);
      const ids = documentId(event);
      if (typeof ids === 'string') return project(collection, ids, event);
      for (const id of ids) await project(collection, id, event);
    },
  };
}
