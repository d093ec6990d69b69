/** How a conversation reads (docs/product.md §13): each step in words, and what a party may do. */
import {
  formatPrice,
  MESSAGE_MAX_LENGTH,
  minimumOfferCents,
  toCents,
  toDollars,
  type ConversationEntry,
  type ConversationView,
  type OfferView,
} from '@rewear/contracts';

export { MESSAGE_MAX_LENGTH };

/** An offer step as a line, from the reader's side ("You offered", "The buyer offered"). */
export function stepText(
  entry: ConversationEntry,
  view: Pick<ConversationView, 'role'>,
  uid: string | null,
): string {
  const mine = entry.authorId !== null && entry.authorId === uid;
  const amount = entry.amount === null ? '' : formatPrice(entry.amount);
  const other = view.role === 'buyer' ? 'The seller' : 'The buyer';
  switch (entry.kind) {
    case 'message':
      return entry.text ?? '';
    case 'offer_made':
      return mine ? `You offered ${amount}` : `${other} offered ${amount}`;
    case 'offer_countered':
      return mine ? `You countered with ${amount}` : `${other} countered with ${amount}`;
    case 'offer_accepted':
      return mine ? `You accepted ${amount}` : `${other} accepted ${amount}`;
    case 'offer_declined':
      return mine ? 'You declined the offer' : `${other} declined the offer`;
    case 'offer_expired':
      return 'The offer expired';
    case 'offer_redeemed':
      return 'Bought at the offered price';
  }
}

export type OfferMove = 'answerOffer' | 'answerCounter' | 'buy' | 'wait' | 'none';

/** What the reader may do about an offer now. */
export function moveOf(offer: OfferView, role: 'buyer' | 'seller'): OfferMove {
  if (offer.status === 'pending') return role === 'seller' ? 'answerOffer' : 'wait';
  if (offer.status === 'countered') return role === 'buyer' ? 'answerCounter' : 'wait';
  if (offer.status === 'accepted') return role === 'buyer' ? 'buy' : 'wait';
  return 'none';
}

/** The price the buyer pays for an accepted offer: the counter when one was accepted. */
export const agreedPrice = (offer: OfferView) => offer.counterAmount ?? offer.amount;

/** Why an offer amount cannot be sent, or null (the server checks it again). */
export function offerProblem(amountText: string, listPrice: number): string | null {
  const cents = toCents(amountText);
  if (cents === null || cents <= 0) return 'Please enter an amount';
  const least = minimumOfferCents(toCents(listPrice)!);
  if (cents < least)
    return `An offer must be at least ${formatPrice(toDollars(least))}, half the price`;
  if (cents >= toCents(listPrice)!)
    return `An offer must be below the price of ${formatPrice(listPrice)}`;
  return null;
}

export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
