import { describe, expect, it } from 'vitest';
import { ApiError, type Api } from '../../api/http.ts';
import {
  CardPaymentError,
  formatCardNumber,
  formatExpiry,
  parseCard,
  simulatedCardConfirmer,
} from './cardPayment.ts';

const now = new Date('2025-06-15T00:00:00Z');
const good = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123' };

function fakeApi(
  answer: (path: string, body: unknown) => unknown,
): Api & { calls: Array<{ path: string; body: unknown }> } {
  const calls: Array<{ path: string; body: unknown }> = [];
  const post = async <T>(path: string, body?: unknown) => {
    calls.push({ path, body });
    return answer(path, body) as T;
  };
  return {
    calls,
    get: async () => {
      throw new Error('unexpected');
    },
    post,
    put: async () => {
      throw new Error('unexpected');
    },
    del: async () => {
      throw new Error('unexpected');
    },
  };
}

describe('card form', () => {
  it('formats the number in groups of four and the expiry as MM / YY', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('1')).toBe('1');
  });

  it('parses a complete card', () => {
    expect(parseCard(good, now)).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
    });
  });

  it("uses Stripe's wording for incomplete details", () => {
    expect(parseCard({ ...good, number: '4242' }, now)).toBe('Your card number is incomplete.');
    expect(parseCard({ ...good, expiry: '12' }, now)).toBe(
      "Your card's expiration date is incomplete.",
    );
    expect(parseCard({ ...good, expiry: '13 / 30' }, now)).toBe(
      "Your card's expiration date is invalid.",
    );
    expect(parseCard({ ...good, expiry: '01 / 20' }, now)).toBe(
      "Your card's expiration year is in the past.",
    );
    expect(parseCard({ ...good, cvc: '1' }, now)).toBe("Your card's security code is incomplete.");
  });
});

describe('simulatedCardConfirmer', () => {
  it('confirms with the simulated processor and answers the PaymentIntent id', async () => {
    const api = fakeApi(() => ({ paymentIntent: { id: 'pi_1', status: 'succeeded' } }));
    const confirm = simulatedCardConfirmer(api, () => good);
    await expect(confirm('pi_1_secret')).resolves.toEqual({ paymentIntentId: 'pi_1' });
    expect(api.calls[0]!.path).toBe('/api/payments/simulated/confirm');
    expect(api.calls[0]!.body).toMatchObject({
      clientSecret: 'pi_1_secret',
      card: { number: '4242424242424242', cvc: '123' },
    });
  });

  it("passes the processor's decline message on", async () => {
    const api = fakeApi(() => {
      throw new ApiError(402, 'Your card was declined.');
    });
    const confirm = simulatedCardConfirmer(api, () => ({ ...good, number: '4000000000000002' }));
    const refusal = await confirm('secret').catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(CardPaymentError);
    // The processor tried the card and refused it: the order's payment has failed.
    expect(refusal).toMatchObject({ message: 'Your card was declined.', declined: true });
  });

  it('a refusal other than a decline (an intent it cannot confirm) is not a declined card', async () => {
    const api = fakeApi(() => {
      throw new ApiError(400, 'You cannot confirm this PaymentIntent.');
    });
    const confirm = simulatedCardConfirmer(api, () => good);
    await expect(confirm('secret')).rejects.toMatchObject({
      message: 'You cannot confirm this PaymentIntent.',
      declined: false,
    });
  });

  it('sends nothing when the card is incomplete', async () => {
    const api = fakeApi(() => ({}));
    const confirm = simulatedCardConfirmer(api, () => ({ ...good, cvc: '' }));
    await expect(confirm('secret')).rejects.toMatchObject({
      message: "Your card's security code is incomplete.",
      declined: false,
    });
    expect(api.calls).toHaveLength(0);
  });
});
