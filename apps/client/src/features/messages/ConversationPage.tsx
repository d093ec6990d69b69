/**
 * One conversation (docs/product.md §13): the listing, the current offer with what the reader
 * may do about it, and the messages and offer steps in order. Messages are shown as text. It
 * reads the conversation again after each command and when a notification about it arrives.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { formatPrice, type ConversationView, type OfferView } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectUid } from '../auth/authSlice.ts';
import { addToCart, cartRefreshRequested, selectCartLines } from '../cart/cartSlice.ts';
import BlockButton from '../social/BlockButton.tsx';
import MessageComposer from './MessageComposer.tsx';
import ReportButton from '../moderation/ReportButton.tsx';
import OfferForm from './OfferForm.tsx';
import {
  conversationRequested,
  messageSent,
  offerAnswered,
  offerMade,
  selectConversation,
  selectMessages,
} from './messagesSlice.ts';
import { agreedPrice, formatTime, moveOf, stepText } from './offerSteps.ts';
import '../auth/account.css';
import './messages.css';
import './feature.ts';

const STATUS_LABELS: Record<OfferView['status'], string> = {
  pending: 'Waiting for the seller',
  countered: 'Countered: waiting for the buyer',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  redeemed: 'Bought',
};

function OfferPanel({ view }: { view: ConversationView }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { sending } = useAppSelector(selectMessages);
  const cartLines = useAppSelector(selectCartLines);
  const [countering, setCountering] = useState(false);
  const [offering, setOffering] = useState(false);
  const offer = view.offers.at(-1);
  const answer = (action: 'accept' | 'decline' | 'counter', amount?: number) =>
    dispatch(
      offerAnswered({
        conversationId: view.conversationId,
        offerId: offer!.offerId,
        action,
        amount,
      }),
    );
  const move = offer ? moveOf(offer, view.role) : 'none';

  const buy = () => {
    const price = agreedPrice(offer!);
    if (cartLines.some((line) => line.product_id === view.listingId))
      dispatch(cartRefreshRequested());
    else
      dispatch(
        addToCart({
          product: {
            product_id: view.listingId,
            title: view.listingTitle,
            image: view.listingImage,
            brand_name: '',
            price,
            seller_id: view.sellerId,
          },
        }),
      );
    navigate('/checkout');
  };

  return (
    <section className="rw-card rw-offer" aria-labelledby="offer-title">
      <h2 id="offer-title">Offer</h2>
      {offer ? (
        <div className="rw-offer__current" data-testid="offer-status">
          <p className="rw-offer__amounts">
            <strong>{formatPrice(offer.amount)}</strong> offered
            {offer.counterAmount !== null && (
              <>
                {' · '}
                <strong>{formatPrice(offer.counterAmount)}</strong> countered
              </>
            )}
          </p>
          <p className={`rw-offer__status rw-offer__status--${offer.status}`}>
            {STATUS_LABELS[offer.status]}
            {offer.status === 'accepted' && offer.holdsUntil && (
              <> · holds until {formatTime(offer.holdsUntil)}</>
            )}
            {(offer.status === 'pending' || offer.status === 'countered') && offer.expiresAt && (
              <> · answer by {formatTime(offer.expiresAt)}</>
            )}
          </p>
        </div>
      ) : (
        <p className="rw-muted">No offer yet.</p>
      )}
      {move === 'answerOffer' && !countering && (
        <div className="rw-offer__buttons">
          <button
            type="button"
            className="button button--primary"
            disabled={sending}
            onClick={() => answer('accept')}
          >
            Accept {formatPrice(offer!.amount)}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={sending}
            onClick={() => setCountering(true)}
          >
            Counter
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={sending}
            onClick={() => answer('decline')}
          >
            Decline
          </button>
        </div>
      )}
      {move === 'answerOffer' && countering && (
        <OfferForm
          listPrice={view.listPrice}
          label="Your counter-offer"
          submitLabel="Send counter-offer"
          busy={sending}
          above={offer!.amount}
          onSubmit={(amount) => {
            setCountering(false);
            answer('counter', amount);
          }}
          onCancel={() => setCountering(false)}
        />
      )}
      {move === 'answerCounter' && (
        <div className="rw-offer__buttons">
          <button
            type="button"
            className="button button--primary"
            disabled={sending}
            onClick={() => answer('accept')}
          >
            Accept {formatPrice(offer!.counterAmount!)}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={sending}
            onClick={() => answer('decline')}
          >
            Decline
          </button>
        </div>
      )}
      {move === 'buy' && (
        <button type="button" className="button button--primary" onClick={buy}>
          Buy now at {formatPrice(agreedPrice(offer!))}
        </button>
      )}
      {view.canOffer &&
        (offering ? (
          <OfferForm
            listPrice={view.listPrice}
            label="Your offer"
            submitLabel="Send offer"
            busy={sending}
            onSubmit={(amount) => {
              setOffering(false);
              dispatch(offerMade({ listingId: view.listingId, amount }));
            }}
            onCancel={() => setOffering(false)}
          />
        ) : (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => setOffering(true)}
          >
            {offer ? 'Make a new offer' : 'Make an offer'}
          </button>
        ))}
    </section>
  );
}

export default function ConversationPage() {
  const { conversationId = '' } = useParams();
  const dispatch = useAppDispatch();
  const uid = useAppSelector(selectUid);
  const { status, view, error } = useAppSelector(selectConversation);
  const { sending, sendError } = useAppSelector(selectMessages);
  const navigate = useNavigate();

  // A first message from this page opens the conversation; the saga reads it then.
  useEffect(() => {
    if (conversationId) dispatch(conversationRequested(conversationId));
  }, [dispatch, conversationId]);

  // The buyer's own conversation about a listing, before its first message (`{listingId}_{uid}`).
  const suffix = uid ? `_${uid}` : null;
  const listingId =
    suffix && conversationId.endsWith(suffix) ? conversationId.slice(0, -suffix.length) : null;

  if (status === 'notFound' && listingId) {
    return (
      <div className="rw-page container rw-conversation">
        <p>
          <Link to="/messages">← All messages</Link>
        </p>
        <h1>Message the seller</h1>
        <p className="rw-muted">
          About <Link to={`/products/${encodeURIComponent(listingId)}`}>this item</Link>.
        </p>
        {sendError && (
          <p className="rw-alert rw-alert--error" role="alert">
            {sendError}
          </p>
        )}
        <MessageComposer
          busy={sending}
          placeholder="Ask the seller about this item"
          onSend={(text) => dispatch(messageSent({ listingId, text }))}
        />
      </div>
    );
  }
  if (status === 'notFound' || status === 'failed') {
    return (
      <div className="state-message" role="alert">
        <h1>{status === 'notFound' ? 'Conversation not found' : 'Something went wrong'}</h1>
        <p>{error}</p>
        <Link className="button button--primary" to="/messages">
          Back to Messages
        </Link>
      </div>
    );
  }
  if (!view || view.conversationId !== conversationId) {
    return (
      <div className="rw-page container rw-conversation" role="status">
        <span className="visually-hidden">Loading conversation...</span>
        <div className="rw-skeleton" style={{ height: 96 }} />
      </div>
    );
  }

  return (
    <div className="rw-page container rw-conversation">
      <p>
        <Link to="/messages">← All messages</Link>
      </p>
      <header className="rw-conversation__head">
        {view.listingImage && (
          <img
            src={view.listingImage}
            alt=""
            width={64}
            height={64}
            className="rw-conversation__image"
          />
        )}
        <div>
          <h1>
            <Link to={`/products/${encodeURIComponent(view.listingId)}`}>{view.listingTitle}</Link>
          </h1>
          <p className="rw-muted">
            Listed at {formatPrice(view.listPrice)} · with {view.otherName}
          </p>
          {/* Blocked, the conversation is hidden from both: back to the list. */}
          <BlockButton
            memberId={view.role === 'buyer' ? view.sellerId : view.buyerId}
            memberName={view.otherName}
            onBlocked={() => navigate('/messages')}
          />
        </div>
      </header>
      <OfferPanel view={view} />
      {sendError && (
        <p className="rw-alert rw-alert--error" role="alert">
          {sendError}
        </p>
      )}
      <ol className="rw-thread" aria-label="Messages and offers">
        {view.entries.map((entry) => {
          const mine = entry.authorId === uid;
          return (
            <li
              key={entry.id}
              className={`rw-thread__entry rw-thread__entry--${entry.kind === 'message' ? (mine ? 'mine' : 'theirs') : 'step'}`}
            >
              <p className="rw-thread__text">{stepText(entry, view, uid)}</p>
              <time className="rw-thread__time" dateTime={entry.at}>
                {formatTime(entry.at)}
              </time>
              {entry.kind === 'message' && !mine && (
                <ReportButton
                  target={{ kind: 'message', id: entry.id, conversationId: view.conversationId }}
                  subject={`the message from ${view.otherName} of ${formatTime(entry.at)}`}
                  className="link-button rw-report-button rw-thread__report"
                />
              )}
            </li>
          );
        })}
      </ol>
      <MessageComposer
        busy={sending}
        onSend={(text) => dispatch(messageSent({ conversationId: view.conversationId, text }))}
      />
    </div>
  );
}
