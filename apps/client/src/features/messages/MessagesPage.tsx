/** Messages (docs/product.md §13): the signed-in user's conversations, newest first. */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import {
  conversationPath,
  conversationsRequested,
  selectConversationList,
} from './messagesSlice.ts';
import { formatTime } from './offerSteps.ts';
import { selectBlockedIds } from '../social/socialSlice.ts';
import '../auth/account.css';
import './messages.css';
import './feature.ts';

export default function MessagesPage() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectConversationList);
  const blocked = useAppSelector(selectBlockedIds);
  const { status, error } = list;
  // A conversation with someone just blocked is hidden from both (docs/product.md §14.4): the
  // list leaves it out at once, whether or not the read side has the block yet.
  const conversations = list.conversations.filter(
    (c) => !blocked.has(c.role === 'buyer' ? c.sellerId : c.buyerId),
  );

  useEffect(() => {
    dispatch(conversationsRequested());
  }, [dispatch]);

  return (
    <div className="rw-page container rw-messages">
      <h1>Messages</h1>
      {status === 'failed' && conversations.length === 0 ? (
        <div className="rw-alert rw-alert--error" role="alert">
          <span>{error}</span>
        </div>
      ) : conversations.length === 0 ? (
        <p role="status">
          {status === 'loaded'
            ? 'No conversations yet. Make an offer or ask a seller from an item’s page.'
            : 'Loading your messages...'}
        </p>
      ) : (
        <ul className="rw-messages__list" aria-label="Conversations">
          {conversations.map((c) => (
            <li key={c.conversationId}>
              <Link className="rw-card rw-messages__item" to={conversationPath(c.conversationId)}>
                {c.listingImage ? (
                  <img src={c.listingImage} alt="" width={56} height={56} />
                ) : (
                  <span className="rw-messages__placeholder" aria-hidden="true" />
                )}
                <span className="rw-messages__body">
                  <strong>{c.listingTitle}</strong>
                  <span className="rw-muted">
                    {c.role === 'buyer' ? 'Seller' : 'Buyer'}: {c.otherName}
                  </span>
                  <span className="rw-messages__last">{c.lastText}</span>
                </span>
                <time className="rw-muted" dateTime={c.lastAt}>
                  {formatTime(c.lastAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
