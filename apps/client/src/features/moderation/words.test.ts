/** Moderation's words: a decision as the member reads it, dates, standing, a report's outcome. */
import { describe, expect, it } from 'vitest';
import {
  actionDone,
  appealStatus,
  decisionHeadline,
  formatDay,
  reportOutcome,
  roleOfToken,
  standingText,
} from './words.ts';

const preview = { title: 'Logo bag', image: null, text: null, name: null, link: null };

describe('a decision in words', () => {
  it('says what was decided, naming the listing or the end date', () => {
    expect(
      decisionHeadline({ action: 'remove_listing', endsAt: null, targetPreview: preview }),
    ).toBe('Your listing "Logo bag" was removed');
    expect(
      decisionHeadline({
        action: 'suspend',
        endsAt: '2026-12-12T09:30:00.000Z',
        targetPreview: preview,
      }),
    ).toBe('Your account is suspended until 12 December 2026');
    expect(decisionHeadline({ action: 'ban', endsAt: null, targetPreview: preview })).toBe(
      'Your account is banned',
    );
    expect(decisionHeadline({ action: 'warn', endsAt: null, targetPreview: preview })).toBe(
      'You received a warning',
    );
    expect(actionDone({ action: 'suspend', days: 7 })).toBe('Suspended for 7 days');
    expect(actionDone({ action: 'suspend', days: 1 })).toBe('Suspended for 1 day');
  });

  it('says where an appeal stands, and what a reversal gave back', () => {
    const appeal = {
      text: 't',
      appealedAt: '',
      decidedAt: null,
      outcomeText: null,
      decidedBy: null,
    };
    expect(appealStatus({ action: 'remove_listing', appeal: null })).toBeNull();
    expect(appealStatus({ action: 'remove_listing', appeal: { ...appeal, status: 'open' } })).toBe(
      'Your appeal is waiting for a moderator.',
    );
    expect(
      appealStatus({ action: 'remove_listing', appeal: { ...appeal, status: 'reversed' } }),
    ).toBe('Your appeal was accepted: your listing is back.');
    expect(appealStatus({ action: 'suspend', appeal: { ...appeal, status: 'upheld' } })).toBe(
      'Your appeal was reviewed: the decision stands.',
    );
  });

  it('shows the standing banner only while suspended or banned', () => {
    expect(standingText(null)).toBeNull();
    expect(standingText({ status: 'active', until: null, decisionId: null })).toBeNull();
    expect(
      standingText({ status: 'suspended', until: '2026-12-12T00:00:00.000Z', decisionId: 'd' }),
    ).toBe('Your account is suspended until 12 December 2026.');
    expect(standingText({ status: 'banned', until: null, decisionId: 'd' })).toBe(
      'Your account is banned.',
    );
    expect(formatDay('not a date')).toBe('');
  });

  it("says a report's status and outcome", () => {
    expect(reportOutcome({ status: 'open', outcome: null })).toBe(
      'Open: a moderator will look at it',
    );
    expect(reportOutcome({ status: 'closed', outcome: 'action_taken' })).toBe(
      'Closed: we took action',
    );
    expect(reportOutcome({ status: 'closed', outcome: 'no_action' })).toBe(
      'Closed: no action needed',
    );
  });

  it('reads the role claim of an ID token', () => {
    const token = (claims: object) => `h.${btoa(JSON.stringify(claims))}.s`;
    expect(roleOfToken(token({ role: 'moderator' }))).toBe('moderator');
    expect(roleOfToken(token({}))).toBeNull();
    expect(roleOfToken(null)).toBeNull();
    expect(roleOfToken('x')).toBeNull();
  });
});
