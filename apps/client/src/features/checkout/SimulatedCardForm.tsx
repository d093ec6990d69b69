import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/http.ts';
import {
  formatCardNumber,
  formatExpiry,
  registerCardConfirmer,
  simulatedCardConfirmer,
  type CardDetails,
} from './cardPayment.ts';

/** The simulated processor's card form, used when no Stripe publishable key is configured. */
export default function SimulatedCardForm({ disabled }: { disabled: boolean }) {
  const [card, setCard] = useState<CardDetails>({ number: '', expiry: '', cvc: '' });
  const latest = useRef(card);
  latest.current = card;

  useEffect(() => registerCardConfirmer(simulatedCardConfirmer(api, () => latest.current)), []);

  return (
    <fieldset className="rw-card-form" disabled={disabled}>
      <legend className="visually-hidden">Card details</legend>
      <div className="rw-field">
        <label htmlFor="card-number">Card number</label>
        <input
          id="card-number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          value={card.number}
          onChange={(e) => setCard({ ...card, number: formatCardNumber(e.target.value) })}
        />
      </div>
      <div className="rw-form__grid">
        <div className="rw-field">
          <label htmlFor="card-expiry">Expiry date (MM / YY)</label>
          <input
            id="card-expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            value={card.expiry}
            onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value) })}
          />
        </div>
        <div className="rw-field">
          <label htmlFor="card-cvc">CVC</label>
          <input
            id="card-cvc"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            value={card.cvc}
            onChange={(e) =>
              setCard({ ...card, cvc: e.target.value.replace(/\D/g, '').slice(0, 4) })
            }
          />
        </div>
      </div>
      <p className="rw-muted rw-card-form__hint">
        Test mode: use 4242 4242 4242 4242, any future date and any CVC.
      </p>
    </fieldset>
  );
}
