/**
 * On a product page (docs/product.md §13): a signed-in shopper who is not the seller makes an
 * offer or writes to the seller; the offer's conversation opens once it is sent.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { conversationIdFor } from '@rewear/contracts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import OfferForm from './OfferForm.tsx';
import { conversationPath, offerMade, openedSeen, selectMessages } from './messagesSlice.ts';
import './messages.css';
import './feature.ts';

interface Props {
  listingId: string;
  price: number;
  uid: string | null;
  available: boolean;
}

export default function ProductOffer({ listingId, price, uid, available }: Props) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { sending, sendError, opened } = useAppSelector(selectMessages);
  const [offering, setOffering] = useState(false);
  // Only the offer sent from here opens its conversation (not one another page opened earlier).
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (sent && opened) {
      dispatch(openedSeen());
      navigate(conversationPath(opened));
    }
  }, [dispatch, navigate, sent, opened]);

  if (!uid)
    return (
      <p className="rw-product-offer">
        <Link to="/login">Sign in</Link> to make an offer or message the seller.
      </p>
    );
  return (
    <div className="rw-product-offer">
      {offering ? (
        <>
          <OfferForm
            listPrice={price}
            label="Your offer"
            submitLabel="Send offer"
            busy={sending}
            onSubmit={(amount) => {
              setSent(true);
              dispatch(offerMade({ listingId, amount }));
            }}
            onCancel={() => setOffering(false)}
          />
          {sendError && (
            <p className="rw-alert rw-alert--error" role="alert">
              {sendError}
            </p>
          )}
        </>
      ) : (
        <button
          type="button"
          className="button button--secondary"
          disabled={!available}
          onClick={() => setOffering(true)}
        >
          Make an offer
        </button>
      )}
      <Link className="link-button" to={conversationPath(conversationIdFor(listingId, uid))}>
        Message the seller
      </Link>
    </div>
  );
}
