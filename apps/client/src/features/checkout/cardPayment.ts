/**
 * Confirming a card against a PaymentIntent's client secret. The card form on screen (Stripe
 * Elements or the simulated processor's form) registers how to confirm; the checkout saga calls it.
 */
import { ApiError, type Api } from '../../api/http.ts';
import { checkoutApi, type SimulatedCard } from './api.ts';

export interface CardConfirmation {
  paymentIntentId: string;
}

/** Confirms the card for the given client secret; throws CardPaymentError with the provider's message. */
export type CardConfirmer = (clientSecret: string) => Promise<CardConfirmation>;

/** A refusal by the payment provider (declined card, incomplete card details...). */
export class CardPaymentError extends Error {
  /**
   * The processor tried the card and refused it (Stripe's `card_error`, the simulated
   * processor's 402). The server then marks the order's payment failed and releases its items,
   * so that order cannot be paid any more. False when nothing was charged to try (incomplete
   * details on the form, an intent the processor would not confirm).
   */
  readonly declined: boolean;

  constructor(message: string, options: { declined?: boolean } = {}) {
    super(message);
    this.name = 'CardPaymentError';
    this.declined = options.declined ?? false;
  }
}

let registered: CardConfirmer | null = null;

/** The card form on screen registers itself; the returned function unregisters it on unmount. */
export function registerCardConfirmer(confirmer: CardConfirmer): () => void {
  registered = confirmer;
  return () => {
    if (registered === confirmer) registered = null;
  };
}

export function currentCardConfirmer(): CardConfirmer | null {
  return registered;
}

export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
}

export const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** '4242424242424242' → '4242 4242 4242 4242' as the user types. */
export function formatCardNumber(text: string): string {
  return digitsOnly(text)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** '1234' → '12 / 34' as the user types. */
export function formatExpiry(text: string): string {
  const digits = digitsOnly(text).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

/**
 * Checks the card form the way Stripe Elements does before anything is sent, with Stripe's own
 * wording, and returns the card or the message to show.
 */
export function parseCard(card: CardDetails, now: Date = new Date()): SimulatedCard | string {
  const number = digitsOnly(card.number);
  if (number.length < 12 || number.length > 19) return 'Your card number is incomplete.';
  const expiry = digitsOnly(card.expiry);
  if (expiry.length !== 4) return "Your card's expiration date is incomplete.";
  const expMonth = Number(expiry.slice(0, 2));
  const expYear = 2000 + Number(expiry.slice(2));
  if (expMonth < 1 || expMonth > 12) return "Your card's expiration date is invalid.";
  const endOfExpiryMonth = new Date(expYear, expMonth, 1);
  if (endOfExpiryMonth <= now) return "Your card's expiration year is in the past.";
  const cvc = digitsOnly(card.cvc);
  if (cvc.length < 3 || cvc.length > 4) return "Your card's security code is incomplete.";
  return { number, expMonth, expYear, cvc };
}

/** The simulated processor (no publishable key) confirms the card on the form. */
export function simulatedCardConfirmer(http: Api, readCard: () => CardDetails): CardConfirmer {
  const api = checkoutApi(http);
  return async (clientSecret) => {
    const card = parseCard(readCard());
    if (typeof card === 'string') throw new CardPaymentError(card);
    try {
      const answer = await api.confirmSimulatedCard(clientSecret, card);
      if (answer.paymentIntent.status !== 'succeeded')
        throw new CardPaymentError('Payment processing error');
      return { paymentIntentId: answer.paymentIntent.id };
    } catch (error) {
      // A refusal carries the processor's message, e.g. 'Your card was declined.' (402).
      if (error instanceof ApiError && error.status < 500)
        throw new CardPaymentError(error.message, { declined: error.status === 402 });
      throw error;
    }
  };
}
