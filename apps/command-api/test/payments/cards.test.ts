import { describe, expect, it } from 'vitest';
import { checkCard, luhnValid } from '../../src/payments/cards.ts';

const now = new Date('2026-05-10T12:00:00Z');
const card = (
  number: string,
  over: Partial<{ expMonth: number; expYear: number; cvc: string }> = {},
) => ({
  number,
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...over,
});

describe('simulated card checks (Stripe test cards)', () => {
  it('accepts 4242 4242 4242 4242 with spaces', () => {
    expect(checkCard(card('4242 4242 4242 4242'), now)).toBeNull();
  });

  it('declines 4000 0000 0000 0002 as Stripe words it', () => {
    expect(checkCard(card('4000000000000002'), now)).toEqual({
      message: 'Your card was declined.',
      code: 'card_declined',
      declineCode: 'generic_decline',
    });
  });

  it('refuses 4000 0000 0000 9995 for insufficient funds', () => {
    const decline = checkCard(card('4000000000009995'), now);
    expect(decline?.message).toBe('Your card has insufficient funds.');
    expect(decline?.declineCode).toBe('insufficient_funds');
  });

  it('rejects numbers that fail the Luhn check or are incomplete', () => {
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(checkCard(card('4242424242424241'), now)?.code).toBe('invalid_number');
    expect(checkCard(card('4242 4242'), now)).toEqual({
      message: 'Your card number is incomplete.',
      code: 'incomplete_number',
    });
  });

  it('rejects expiry dates in the past and invalid months', () => {
    expect(checkCard(card('4242424242424242', { expYear: 2025 }), now)?.message).toBe(
      "Your card's expiration year is in the past.",
    );
    expect(checkCard(card('4242424242424242', { expYear: 2026, expMonth: 4 }), now)?.message).toBe(
      "Your card's expiration date is in the past.",
    );
    expect(checkCard(card('4242424242424242', { expYear: 2026, expMonth: 5 }), now)).toBeNull();
    expect(checkCard(card('4242424242424242', { expMonth: 13 }), now)?.code).toBe(
      'invalid_expiry_month',
    );
    expect(checkCard(card('4242424242424242', { expYear: 30, expMonth: 1 }), now)).toBeNull();
  });

  it('checks the security code length (4 digits for American Express)', () => {
    expect(checkCard(card('4242424242424242', { cvc: '12' }), now)?.message).toBe(
      "Your card's security code is incomplete.",
    );
    expect(checkCard(card('4242424242424242', { cvc: '12a' }), now)?.code).toBe('invalid_cvc');
    expect(checkCard(card('378282246310005', { cvc: '123' }), now)?.code).toBe('incomplete_cvc');
    expect(checkCard(card('378282246310005', { cvc: '1234' }), now)).toBeNull();
  });
});
