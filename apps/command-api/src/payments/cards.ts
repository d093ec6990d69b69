/**
 * Card checks of the simulated processor, pure. Numbers and messages follow Stripe's test cards
 * and Stripe.js wording, so the checkout behaves the same whichever processor runs it.
 */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface CardDecline {
  message: string;
  code: string;
  declineCode?: string;
}

/** Stripe test cards that fail, by number. Every other valid number succeeds. */
const TEST_DECLINES: Record<string, CardDecline> = {
  '4000000000000002': {
    message: 'Your card was declined.',
    code: 'card_declined',
    declineCode: 'generic_decline',
  },
  '4000000000009995': {
    message: 'Your card has insufficient funds.',
    code: 'card_declined',
    declineCode: 'insufficient_funds',
  },
  '4000000000009987': {
    message: 'Your card was declined.',
    code: 'card_declined',
    declineCode: 'lost_card',
  },
  '4000000000009979': {
    message: 'Your card was declined.',
    code: 'card_declined',
    declineCode: 'stolen_card',
  },
  '4000000000000069': { message: 'Your card has expired.', code: 'expired_card' },
  '4000000000000127': { message: "Your card's security code is incorrect.", code: 'incorrect_cvc' },
  '4000000000000119': {
    message: 'An error occurred while processing your card. Try again in a little bit.',
    code: 'processing_error',
  },
};

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const isAmex = (digits: string) => /^3[47]/.test(digits);

/** The reason a card is refused, or null when the charge goes through. */
export function checkCard(card: CardInput, now: Date): CardDecline | null {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d*$/.test(digits))
    return { message: 'Your card number is invalid.', code: 'invalid_number' };
  if (digits.length < (isAmex(digits) ? 15 : 16)) {
    return { message: 'Your card number is incomplete.', code: 'incomplete_number' };
  }
  if (digits.length > 19 || !luhnValid(digits))
    return { message: 'Your card number is invalid.', code: 'invalid_number' };

  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12) {
    return { message: "Your card's expiration month is invalid.", code: 'invalid_expiry_month' };
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < thisYear) {
    return {
      message: "Your card's expiration year is in the past.",
      code: 'invalid_expiry_year_past',
    };
  }
  if (year > thisYear + 50)
    return { message: "Your card's expiration year is invalid.", code: 'invalid_expiry_year' };
  if (year === thisYear && card.expMonth < now.getUTCMonth() + 1) {
    return {
      message: "Your card's expiration date is in the past.",
      code: 'invalid_expiry_month_past',
    };
  }

  const cvcLength = isAmex(digits) ? 4 : 3;
  if (!/^\d*$/.test(card.cvc))
    return { message: "Your card's security code is invalid.", code: 'invalid_cvc' };
  if (card.cvc.length < cvcLength)
    return { message: "Your card's security code is incomplete.", code: 'incomplete_cvc' };
  if (card.cvc.length > cvcLength)
    return { message: "Your card's security code is invalid.", code: 'invalid_cvc' };

  return TEST_DECLINES[digits] ?? null;
}
