/**
 * Offer notifications (docs/product.md §13): each step tells the party it waits for, or the
 * party it answers: an offer → the seller; a counter → the buyer; an acceptance or a decline →
 * the other party; an expiry → both (unanswered) or the buyer (the hold lapsed). Each links to
 * the conversation. Pure: the events name their parties.
 */
import { formatPrice, toDollars, type EnvelopeOf } from '@rewear/contracts';
import type { InboxDraft, Notifier } from './notifier.ts';

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
