import { describe, expect, it } from 'vitest';
import { ApiError } from './http.ts';
import { standingRefusal } from './standing.ts';

describe("a suspended or banned account's refusal", () => {
  const message =
    'Your account is suspended until 12 December 2026: payment asked outside the app. See your notices at /account/notices.';

  it("is shown in the server's words", () => {
    const details = { status: 'suspended', until: '2026-12-12T00:00:00.000Z', decisionId: 'd1' };
    expect(standingRefusal(new ApiError(403, message, details))).toBe(message);
    expect(standingRefusal(new ApiError(403, 'Banned', { status: 'banned' }))).toBe('Banned');
  });

  it('is not any other refusal', () => {
    expect(standingRefusal(new ApiError(403, 'Not yours'))).toBeNull();
    expect(standingRefusal(new ApiError(409, message, { status: 'suspended' }))).toBeNull();
    expect(standingRefusal(new Error(message))).toBeNull();
  });
});
