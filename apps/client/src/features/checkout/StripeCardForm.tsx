/** Stripe Elements card form; this module (and Stripe.js) loads only when a publishable key is configured. */
import { useEffect } from 'react';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { CardPaymentError, registerCardConfirmer } from './cardPayment.ts';

const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(key: string) {
  let stripe = stripeByKey.get(key);
  if (!stripe) {
    stripe = loadStripe(key);
    stripeByKey.set(key, stripe);
  }
  return stripe;
}

function CardField({
  disabled,
  billing,
}: {
  disabled: boolean;
  billing: { name: string; email: string };
}) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    if (!stripe || !elements) return;
    return registerCardConfirmer(async (clientSecret) => {
      const card = elements.getElement(CardElement);
      if (!card) throw new CardPaymentError('Payment processing error');
      const result = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card, billing_details: { name: billing.name, email: billing.email } },
      });
      if (result.error)
        throw new CardPaymentError(result.error.message ?? 'Payment processing error', {
          // Stripe tried the card and refused it (payment_intent.payment_failed follows).
          declined: result.error.type === 'card_error',
        });
      if (result.paymentIntent?.status !== 'succeeded')
        throw new CardPaymentError('Payment processing error');
      return { paymentIntentId: result.paymentIntent.id };
    });
  }, [stripe, elements, billing.name, billing.email]);

  return (
    <div className="rw-field">
      <label htmlFor="stripe-card">Card details</label>
      <div id="stripe-card" className="rw-stripe-card">
        <CardElement
          options={{ disabled, hidePostalCode: true, style: { base: { fontSize: '16px' } } }}
        />
      </div>
    </div>
  );
}

export default function StripeCardForm({
  publishableKey,
  disabled,
  billing,
}: {
  publishableKey: string;
  disabled: boolean;
  billing: { name: string; email: string };
}) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardField disabled={disabled} billing={billing} />
    </Elements>
  );
}
