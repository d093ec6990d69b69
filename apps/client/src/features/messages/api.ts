/**
 * Conversations, offers and bundle discounts (docs/product.md §13, docs/api.md Offers and
 * messages). Commands take the options carrying their Idempotency-Key.
 */
import type {
  BundleDiscounts,
  BundleTier,
  CommandAnswer,
  ConversationList,
  ConversationView,
  OfferStatus,
} from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';

export interface OfferAnswer extends CommandAnswer {
  conversationId?: string;
  offer: { offerId: string; status: OfferStatus; amount: number; counterAmount: number | null };
}
export interface MessageAnswer extends CommandAnswer {
  conversationId: string;
}
export type OfferAction = 'accept' | 'decline' | 'counter';

const id = encodeURIComponent;

export function messagesApi(http: Api) {
  return {
    list: () => http.get<ConversationList>('/api/conversations'),
    conversation: (conversationId: string, options?: RequestOptions) =>
      http.get<ConversationView>(`/api/conversations/${id(conversationId)}`, options),
    /** The buyer's offer on a listing (opens their conversation). */
    makeOffer: (listingId: string, amount: number, options: RequestOptions) =>
      http.post<OfferAnswer>(`/api/listings/${id(listingId)}/offers`, { amount }, options),
    /** The buyer's first message about a listing (opens their conversation). */
    writeAbout: (listingId: string, text: string, options: RequestOptions) =>
      http.post<MessageAnswer>(`/api/listings/${id(listingId)}/messages`, { text }, options),
    write: (conversationId: string, text: string, options: RequestOptions) =>
      http.post<MessageAnswer>(
        `/api/conversations/${id(conversationId)}/messages`,
        { text },
        options,
      ),
    answerOffer: (
      conversationId: string,
      offerId: string,
      action: OfferAction,
      amount: number | undefined,
      options: RequestOptions,
    ) =>
      http.post<OfferAnswer>(
        `/api/conversations/${id(conversationId)}/offers/${id(offerId)}/${action}`,
        action === 'counter' ? { amount } : undefined,
        options,
      ),
    bundleDiscounts: (sellerId: string) =>
      http.get<BundleDiscounts>(`/api/sellers/${id(sellerId)}/bundle-discounts`),
    setBundleDiscounts: (tiers: BundleTier[], options: RequestOptions) =>
      http.put<BundleDiscounts & CommandAnswer>('/api/bundle-discounts', { tiers }, options),
  };
}

export type MessagesApi = ReturnType<typeof messagesApi>;
