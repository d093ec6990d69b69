/** The moderation forms' checks agree with the routes' schemas: what one accepts, the other does. */
import { describe, expect, it } from 'vitest';
import { appealBody, decisionBody, reportBody } from '@rewear/contracts';
import {
  appealTextProblem,
  checkDecisionForm,
  checkReportForm,
  type DecisionFormInput,
  type ReportFormInput,
} from './forms.ts';

const target = { kind: 'listing' as const, id: 'l1' };

describe('the report form', () => {
  const valid: ReportFormInput = {
    reason: 'counterfeit',
    text: ' Fake logo ',
    email: ' v@example.com ',
  };
  const inputs: ReportFormInput[] = [
    valid,
    { ...valid, reason: '' },
    { ...valid, reason: 'spam' },
    { ...valid, text: '' },
    { ...valid, text: 'x'.repeat(1000) },
    { ...valid, text: 'x'.repeat(1001) },
    { ...valid, email: 'not-an-address' },
  ];
  it.each(inputs)('agrees with reportBody for a visitor on %o', (input) => {
    const checked = checkReportForm(target, input, false);
    const schema = reportBody.safeParse({
      target,
      reason: input.reason,
      text: input.text,
      email: input.email,
    });
    expect(checked.ok).toBe(schema.success);
    if (checked.ok) expect(reportBody.parse(checked.body)).toEqual(schema.data);
  });

  it('asks a visitor for an email, not a member', () => {
    const input = { ...valid, email: '' };
    expect(checkReportForm(target, input, false)).toEqual({
      ok: false,
      errors: { email: 'Enter your email address, so we can tell you what we decide' },
    });
    expect(checkReportForm(target, input, true)).toEqual({
      ok: true,
      body: { target, reason: 'counterfeit', text: 'Fake logo' },
    });
  });
});

describe('the decision form', () => {
  const valid: DecisionFormInput = {
    action: 'suspend',
    days: '7',
    rule: 'pay-in-app',
    what: 'Suspended.',
    why: 'Asked for a bank transfer.',
  };
  const inputs: Array<[DecisionFormInput, 'listing' | 'member']> = [
    [valid, 'member'],
    [{ ...valid, days: '0' }, 'member'],
    [{ ...valid, days: '31' }, 'member'],
    [{ ...valid, days: '2.5' }, 'member'],
    [{ ...valid, action: 'dismiss', rule: '' }, 'member'],
    [{ ...valid, action: 'warn', rule: '' }, 'member'],
    [{ ...valid, action: 'ban' }, 'member'],
    [{ ...valid, action: 'remove_listing', rule: 'authentic-items' }, 'listing'],
    [{ ...valid, what: '  ' }, 'member'],
    [{ ...valid, what: 'x'.repeat(501) }, 'member'],
    [{ ...valid, why: 'x'.repeat(1001) }, 'member'],
  ];
  it.each(inputs)('agrees with decisionBody on %o (%s)', (input, kind) => {
    const checked = checkDecisionForm(kind, input);
    const schema = decisionBody.safeParse({
      action: input.action,
      ...(input.action === 'suspend' ? { days: Number(input.days) } : {}),
      ...(input.action === 'dismiss' ? {} : { rule: input.rule || undefined }),
      statement: { what: input.what, why: input.why },
    });
    expect(checked.ok).toBe(schema.success);
    if (checked.ok) expect(decisionBody.parse(checked.body)).toEqual(schema.data);
  });

  it('offers removing a listing only on a listing case', () => {
    expect(checkDecisionForm('member', { ...valid, action: 'remove_listing' })).toMatchObject({
      ok: false,
      errors: { action: 'Choose an action' },
    });
  });
});

describe('the appeal form', () => {
  it.each(['too short', ' 0123456789 ', 'x'.repeat(1000), 'x'.repeat(1001)])(
    'agrees with appealBody on %j',
    (text) => {
      expect(appealTextProblem(text) === null).toBe(appealBody.safeParse({ text }).success);
    },
  );
});
