/**
 * Notifications' read face (docs/product.md §11.6, §13, §14): what each notification says and
 * the read models that keep them.
 *
 * - Each step of a shipment tells the other party, and a review tells the person reviewed: one
 *   thread per shipment (`notifications`), since later events name only the shipment.
 * - How far each user has read (`notification_reads`), from NotificationsRead, by the domain's
 *   rule that a mark only moves forward.
 * - The inbox (`inbox`): one projector owns it, and each feature that notifies contributes a
 *   notifier, the event types it listens to and a `notify` saying who hears what, with any state
 *   of its own in collections the inbox projector owns with it, so a rebuild replays them
 *   together. The notifiers of offers and messages are pure and live here; those with state of
 *   their own (saved searches, price drops, payment refunds) are mounted by the projectors and
 *   say what they say through the pure functions here.
 */
import {
  ERASED,
  formatPrice,
  toDollars,
  type EnvelopeOf,
  type EventType,
  type NotificationKind,
} from '@rewear/contracts';
import { documentProjector, type Doc, type Projector, type ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { RefundableOrderDoc } from '../order/projection.ts';
import { SHIPMENT_STREAM_EVENTS } from '../shipment/domain.ts';
import type { SavedSearchDoc } from '@rewear/features/saved-searches/projection';
import { NOTIFICATIONS_STREAM_EVENTS, readUpToCovers } from './domain.ts';

// ---------------------------------------------------------------- documents

/** One notification of a shipment's thread, to one of its two parties. */
export interface NotificationDoc {
  /** `{streamId}:{streamVersion}` of the event: a redelivery finds it already there. */
  id: string;
  recipient_id: string;
  kind: NotificationKind;
  text: string;
  link: string;
  at: string;
}

/**
 * The notifications of one shipment (docs/product.md §11.6), its reviews' included. Per
 * shipment because only ShipmentOpened names the buyer and the seller: the later events find
 * them here. A thread holds a few notifications at most (one per step).
 */
export interface NotificationThreadDoc extends Doc {
  _id: string;
  order_id: string;
  buyer_id: string;
  seller_id: string;
  /** What the sale is called in a text: the first item's title, "and N more". */
  subject: string;
  /** Oldest first. */
  notifications: NotificationDoc[];
}

/** How far a user has read their notifications. */
export interface NotificationReadDoc extends Doc {
  _id: string;
  read_up_to: string;
}

/**
 * One notification of the inbox (docs/product.md §11.6): what the features after the order
 * lifecycle raise (offers, messages, alerts). `_id` is `{streamId}:{streamVersion}:{recipient}`
 * of the event that raised it, so a redelivery or a replay finds it already there.
 */
export interface InboxDoc extends Doc {
  _id: string;
  recipient_id: string;
  kind: NotificationKind;
  /** Plain text; the client shows it as text. */
  text: string;
  /** An app path to what it is about. */
  link: string;
  /** When the event that raised it happened (ISO 8601). */
  at: string;
  /**
   * A message's author and its listing's title: when the author deletes their account, the
   * preview of their words is erased (as a rebuild reads it once their key is gone).
   */
  author_id?: string;
  listing_title?: string;
}

/** Who likes a listing (wishlist or like), and its price: what a price drop alert needs. */
export interface LikedListingDoc extends Doc {
  _id: string;
  title: string;
  price_cents: number;
  seller_id: string;
  likers: Array<{ user_id: string; wishlist: boolean; liked: boolean }>;
}

// ---------------------------------------------------------------- a shipment's thread

/** A thread follows every event of a shipment's stream, and the reviews left on it. */
export const NOTIFICATION_EVENTS = [...SHIPMENT_STREAM_EVENTS, 'ReviewLeft'] as const;

export type NotificationEvent = EnvelopeOf<(typeof NOTIFICATION_EVENTS)[number]>;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

const PROBLEMS = {
  not_as_described: 'not as described',
  damaged: 'damaged',
  not_received: 'not received',
} as const;

type Draft = Omit<NotificationDoc, 'id' | 'at'>;

/** Pure: who hears of `event` and what they read, given the thread's parties. */
export function notificationFor(
  thread: NotificationThreadDoc,
  event: NotificationEvent,
): Draft | null {
  const toBuyer = (kind: Draft['kind'], text: string): Draft => ({
    recipient_id: thread.buyer_id,
    kind,
    text,
    link: `/order-confirmation/${encodeURIComponent(thread.order_id)}`,
  });
  const toSeller = (kind: Draft['kind'], text: string): Draft => ({
    recipient_id: thread.seller_id,
    kind,
    text,
    link: '/sales',
  });
  const what = thread.subject;
  switch (event.type) {
    case 'ShipmentOpened':
      return toSeller(
        'sale',
        `You sold ${what} for ${dollars(event.data.amountCents)}. Please ship it by ${event.data.shipBy.slice(0, 10)}.`,
      );
    case 'ShipmentShipped':
      return toBuyer(
        'shipped',
        `${what} has shipped with ${event.data.carrier}, tracking number ${event.data.trackingNumber}.`,
      );
    case 'ShipmentDelivered':
      return event.data.confirmedBy === 'seller'
        ? toBuyer('delivered', `The seller marked ${what} as delivered. Let them know all is well.`)
        : toSeller('receipt_confirmed', `The buyer received ${what}.`);
    case 'ShipmentProblemReported':
      return toSeller(
        'problem_reported',
        `The buyer reported a problem with ${what}: ${PROBLEMS[event.data.reason]}. Accept the return or dispute it.`,
      );
    case 'ShipmentDisputed':
      return toBuyer('disputed', `The seller disputed your problem report about ${what}.`);
    // A settlement tells the party it went against here; the other hears of the money it
    // brings them (the completion or the refund appended with it).
    case 'ShipmentDisputeSettled':
      return event.data.outcome === 'buyer'
        ? toSeller(
            'dispute_settled',
            `The dispute about ${what} was settled for the buyer: they are refunded.`,
          )
        : toBuyer(
            'dispute_settled',
            `The dispute about ${what} was settled for the seller: the payment is released to them.`,
          );
    case 'ShipmentCompleted': {
      const amount = dollars(event.data.amountCents);
      return toSeller(
        event.data.reason === 'dispute_settled' ? 'dispute_settled' : 'completed',
        event.data.reason === 'buyer_confirmed'
          ? `The buyer confirmed ${what} is fine: ${amount} is now available.`
          : event.data.reason === 'dispute_settled'
            ? `The dispute about ${what} was settled in your favour: ${amount} is now available.`
            : `Buyer protection ended for ${what}: ${amount} is now available.`,
      );
    }
    case 'ShipmentCancelled':
      return toSeller(
        'cancelled',
        event.data.reason === 'buyer_cancelled'
          ? `The buyer cancelled the order of ${what}.`
          : `The sale of ${what} was cancelled: it was not shipped in time.`,
      );
    case 'ShipmentRefunded':
      // Only a return or a settlement is news to the buyer here; a cancellation was theirs or is
      // told by the refund.
      if (event.data.reason === 'return_accepted')
        return toBuyer('return_accepted', `The seller accepted the return of ${what}.`);
      if (event.data.reason === 'dispute_settled')
        return toBuyer(
          'dispute_settled',
          `The dispute about ${what} was settled in your favour: ${dollars(event.data.amountCents)} will be refunded.`,
        );
      return null;
    case 'ShipmentRefundIssued':
      return toBuyer(
        'refunded',
        `A refund of ${dollars(event.data.amountCents)} for ${what} was issued.`,
      );
    case 'ReviewLeft':
      return {
        recipient_id: event.data.subjectId,
        kind: 'review_left',
        text: `You received a ${event.data.rating}-star review for ${what}.`,
        link: `/sellers/${event.data.subjectId}`,
      };
  }
}

function subjectOf(items: ReadonlyArray<{ title: string }>): string {
  const first = `“${items[0]!.title}”`;
  return items.length > 1 ? `${first} and ${items.length - 1} more` : first;
}

/** Pure: the thread after `event`; an event before the shipment opened has no one to tell. */
export function projectNotifications(
  current: NotificationThreadDoc | null,
  event: NotificationEvent,
): NotificationThreadDoc | null {
  const thread: NotificationThreadDoc | null =
    current ??
    (event.type === 'ShipmentOpened'
      ? {
          _id: event.data.shipmentId,
          order_id: event.data.orderId,
          buyer_id: event.data.buyerId,
          seller_id: event.data.sellerId,
          subject: subjectOf(event.data.items),
          notifications: [],
        }
      : null);
  if (!thread) return null;
  const id = `${event.streamId}:${event.streamVersion}`;
  if (thread.notifications.some((n) => n.id === id)) return current; // already told
  const draft = notificationFor(thread, event);
  if (!draft) return current ?? thread;
  return {
    ...thread,
    notifications: [...thread.notifications, { ...draft, id, at: event.occurredAt }],
  };
}

export const notificationsProjector = documentProjector({
  name: 'notifications',
  collectionName: READ_MODELS.notifications,
  indexes: [{ keys: { buyer_id: 1 } }, { keys: { seller_id: 1 } }],
  canHandle: NOTIFICATION_EVENTS,
  documentId: (event) => event.data.shipmentId,
  evolve: projectNotifications,
});

// ---------------------------------------------------------------- read marks

/** Pure: a read mark only moves forward, so an older or redelivered one changes nothing. */
export function projectNotificationRead(
  current: NotificationReadDoc | null,
  event: EnvelopeOf<(typeof NOTIFICATIONS_STREAM_EVENTS)[number]>,
): NotificationReadDoc | null {
  if (current && readUpToCovers(current.read_up_to, Date.parse(event.data.upTo))) return current;
  return { _id: event.data.userId, read_up_to: event.data.upTo };
}

export const notificationReadsProjector = documentProjector({
  name: 'notification-reads',
  collectionName: READ_MODELS.notificationReads,
  canHandle: NOTIFICATIONS_STREAM_EVENTS,
  documentId: (event) => event.data.userId,
  evolve: projectNotificationRead,
});

// ---------------------------------------------------------------- the inbox

/** What a notifier says: who hears of the event, and what they read. */
export type InboxDraft = Pick<InboxDoc, 'recipient_id' | 'kind' | 'text' | 'link'> &
  Partial<Pick<InboxDoc, 'author_id' | 'listing_title'>>;

export interface Notifier<T extends EventType = EventType> {
  /** The event types it listens to. */
  handles: readonly T[];
  /** Collections of its own state, with their indexes (owned by the inbox projector). */
  collections?: Projector['collections'];
  /** The notifications `event` raises. It may read and write its own collections only. */
  notify(event: EnvelopeOf<T>, target: ReadSide): InboxDraft[] | Promise<InboxDraft[]>;
}

/** Pure: the inbox documents of an event's drafts. */
export function inboxDocs(
  event: { streamId: string; streamVersion: number; occurredAt: string },
  drafts: readonly InboxDraft[],
): InboxDoc[] {
  return drafts.map((draft) => ({
    _id: `${event.streamId}:${event.streamVersion}:${draft.recipient_id}`,
    ...draft,
    at: event.occurredAt,
  }));
}

/** The inbox projector of these notifiers. */
export function inboxProjector(notifiers: readonly Notifier[]): Projector {
  // AccountDeleted: the previews of the member's messages erased.
  const handles = [
    ...new Set([...notifiers.flatMap((notifier) => notifier.handles), 'AccountDeleted' as const]),
  ];
  const collections: Projector['collections'] = {
    [READ_MODELS.inbox]: [{ keys: { recipient_id: 1, at: -1 } }],
  };
  for (const notifier of notifiers) Object.assign(collections, notifier.collections ?? {});
  return {
    name: 'inbox',
    collections,
    handles,
    async apply(event, target) {
      const inbox = target.collection<InboxDoc>(READ_MODELS.inbox);
      if (event.type === 'AccountDeleted') {
        const uid = (event.data as { userId: string }).userId;
        for (const doc of await inbox.find({ author_id: uid, kind: 'message' }, { readonly: true }))
          await inbox.update(doc._id, {
            $set: { text: messageText(doc.listing_title ?? '', ERASED.text) },
          });
        return;
      }
      for (const notifier of notifiers) {
        if (!(notifier.handles as readonly string[]).includes(event.type)) continue;
        const drafts = await notifier.notify(event as never, target);
        for (const doc of inboxDocs(event, drafts)) await inbox.put(doc);
      }
    },
  };
}

// ---------------------------------------------------------------- offers and messages (§13)

/**
 * Offer notifications: each step tells the party it waits for, or the party it answers: an
 * offer → the seller; a counter → the buyer; an acceptance or a decline → the other party; an
 * expiry → both (unanswered) or the buyer (the hold lapsed). Each links to the conversation.
 * Pure: the events name their parties.
 */
const OFFER_EVENTS = [
  'OfferMade',
  'OfferCountered',
  'OfferAccepted',
  'OfferDeclined',
  'OfferExpired',
] as const;
type OfferEnvelope = EnvelopeOf<(typeof OFFER_EVENTS)[number]>;

export const conversationLink = (conversationId: string) =>
  `/messages/${encodeURIComponent(conversationId)}`;

const price = (cents: number) => formatPrice(toDollars(cents));

export function offerDrafts(event: OfferEnvelope): InboxDraft[] {
  const d = event.data;
  const link = conversationLink(d.conversationId);
  const title = `“${d.listingTitle}”`;
  const to = (recipient_id: string, kind: InboxDraft['kind'], text: string): InboxDraft => ({
    recipient_id,
    kind,
    text,
    link,
  });
  switch (event.type) {
    case 'OfferMade':
      return [
        to(d.sellerId, 'offer_made', `New offer of ${price(event.data.amountCents)} for ${title}`),
      ];
    case 'OfferCountered':
      return [
        to(
          d.buyerId,
          'offer_countered',
          `The seller countered your offer on ${title} with ${price(event.data.amountCents)}`,
        ),
      ];
    case 'OfferAccepted':
      return event.data.acceptedBy === 'seller'
        ? [
            to(
              d.buyerId,
              'offer_accepted',
              `Your offer of ${price(event.data.amountCents)} on ${title} was accepted: it holds for 24 hours`,
            ),
          ]
        : [
            to(
              d.sellerId,
              'offer_accepted',
              `The buyer accepted your counter of ${price(event.data.amountCents)} on ${title}`,
            ),
          ];
    case 'OfferDeclined':
      return event.data.declinedBy === 'seller'
        ? [to(d.buyerId, 'offer_declined', `Your offer on ${title} was declined`)]
        : [to(d.sellerId, 'offer_declined', `The buyer declined your counter on ${title}`)];
    case 'OfferExpired':
      return event.data.reason === 'unanswered'
        ? [
            to(d.buyerId, 'offer_expired', `The offer on ${title} expired unanswered`),
            to(d.sellerId, 'offer_expired', `The offer on ${title} expired unanswered`),
          ]
        : [to(d.buyerId, 'offer_expired', `The accepted offer on ${title} is no longer held`)];
  }
}

export const offerNotifier: Notifier<(typeof OFFER_EVENTS)[number]> = {
  handles: OFFER_EVENTS,
  notify: offerDrafts,
};

/** Message notifications: a new message tells the other party. Pure. */
const PREVIEW_LENGTH = 80;

/** Pure: a message notification's text. */
export function messageText(listingTitle: string, text: string): string {
  const preview = text.length > PREVIEW_LENGTH ? `${text.slice(0, PREVIEW_LENGTH - 1)}…` : text;
  return `New message about “${listingTitle}”: ${preview}`;
}

export function messageDrafts(event: EnvelopeOf<'MessageSent'>): InboxDraft[] {
  const d = event.data;
  const recipient = d.senderId === d.buyerId ? d.sellerId : d.buyerId;
  return [
    {
      recipient_id: recipient,
      kind: 'message',
      text: messageText(d.listingTitle, d.text),
      link: conversationLink(d.conversationId),
      author_id: d.senderId,
      listing_title: d.listingTitle,
    },
  ];
}

export const messageNotifier: Notifier<'MessageSent'> = {
  handles: ['MessageSent'],
  notify: messageDrafts,
};

// ---------------------------------------------------------------- what the stateful notifiers say

const quoted = (titles: readonly string[]) =>
  titles.length > 1
    ? `“${titles[0]}” and ${titles.length - 1} more`
    : titles.length === 1
      ? `“${titles[0]}”`
      : 'items';

/** Pure: what the buyer reads once the refund of `order` is issued (none if none was decided). */
export function paymentRefundAlert(order: RefundableOrderDoc): InboxDraft | null {
  const refund = order.refund;
  if (!refund) return null;
  const amount = formatPrice(toDollars(refund.amount_cents));
  const text =
    refund.reason === 'items_unavailable'
      ? `Partly refunded: ${amount} for ${quoted(
          order.items.filter((i) => refund.product_ids.includes(i.product_id)).map((i) => i.title),
        )}, no longer available. The rest of your order ships.`
      : refund.reason === 'order_expired'
        ? `Refunded ${amount}: your payment arrived after the order had expired. Please place it again.`
        : `Refunded ${amount}: your payment arrived after the order’s payment had failed. Please place it again.`;
  return {
    recipient_id: order.buyer_id,
    kind: 'payment_refunded',
    text,
    link: `/order-confirmation/${encodeURIComponent(order._id)}`,
  };
}

/** Pure: the alerts of a price change (none unless it went down). */
export function priceDropAlerts(
  listing: LikedListingDoc,
  newPriceCents: number,
  newTitle: string,
): InboxDraft[] {
  if (newPriceCents >= listing.price_cents) return [];
  const was = formatPrice(toDollars(listing.price_cents));
  const now = formatPrice(toDollars(newPriceCents));
  return listing.likers
    .filter((liker) => liker.user_id !== listing.seller_id)
    .map((liker) => ({
      recipient_id: liker.user_id,
      kind: 'price_drop',
      text: `Price drop: “${newTitle}” is now ${now} (was ${was})`,
      link: `/products/${listing._id}`,
    }));
}

/** Pure: one alert per owner, however many of their searches the listing matches. */
export function matchAlerts(
  matched: readonly SavedSearchDoc[],
  listing: { listingId: string; title: string; priceCents: number },
): InboxDraft[] {
  const byOwner = new Map<string, string[]>();
  for (const search of matched)
    byOwner.set(search.user_id, [...(byOwner.get(search.user_id) ?? []), search.name]);
  return [...byOwner].map(([owner, searchNames]) => ({
    recipient_id: owner,
    kind: 'saved_search_match',
    text: `New for your saved search ${searchNames.map((name) => `“${name}”`).join(', ')}: ${listing.title}, ${formatPrice(toDollars(listing.priceCents))}`,
    link: `/products/${listing.listingId}`,
  }));
}
