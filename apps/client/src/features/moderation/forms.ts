/**
 * The moderation forms' checks, with the same limits as the server's schemas, so a person learns
 * what to fix before anything is sent (pure).
 */
import {
  APPEAL_TEXT_MAX,
  APPEAL_TEXT_MIN,
  COMMUNITY_RULES,
  REPORT_REASONS,
  REPORT_TEXT_MAX,
  STATEMENT_WHAT_MAX,
  STATEMENT_WHY_MAX,
  SUSPEND_DAYS_MAX,
  SUSPEND_DAYS_MIN,
  type CommunityRuleId,
  type ReportReason,
} from './reference.ts';
import type { DecisionAction, DecisionBody, ReportBody, ReportTarget } from './types.ts';

type Checked<Body, Field extends string> =
  { ok: true; body: Body } | { ok: false; errors: Partial<Record<Field, string>> };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export interface ReportFormInput {
  reason: string;
  text: string;
  email: string;
}

export function checkReportForm(
  target: ReportTarget,
  input: ReportFormInput,
  signedIn: boolean,
): Checked<ReportBody, 'reason' | 'text' | 'email'> {
  const errors: Partial<Record<'reason' | 'text' | 'email', string>> = {};
  const text = input.text.trim();
  const email = input.email.trim();
  if (!REPORT_REASONS.some((reason) => reason.id === input.reason))
    errors.reason = 'Choose why you are reporting this';
  if (text.length > REPORT_TEXT_MAX)
    errors.text = `Keep it to ${REPORT_TEXT_MAX.toLocaleString('en-GB')} characters`;
  if (!signedIn) {
    if (!email) errors.email = 'Enter your email address, so we can tell you what we decide';
    else if (!EMAIL.test(email)) errors.email = 'Enter a valid email address';
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    body: {
      target,
      reason: input.reason as ReportReason,
      text,
      ...(signedIn ? {} : { email }),
    },
  };
}

export interface DecisionFormInput {
  action: DecisionAction | '';
  days: string;
  rule: string;
  what: string;
  why: string;
}

export type DecisionField = 'action' | 'days' | 'rule' | 'what' | 'why';

/** The actions a case of this kind allows: removing a listing only for a listing. */
export function actionsFor(kind: ReportTarget['kind']): DecisionAction[] {
  return kind === 'listing'
    ? ['dismiss', 'remove_listing', 'warn', 'suspend', 'ban']
    : ['dismiss', 'warn', 'suspend', 'ban'];
}

export function checkDecisionForm(
  kind: ReportTarget['kind'],
  input: DecisionFormInput,
): Checked<DecisionBody, DecisionField> {
  const errors: Partial<Record<DecisionField, string>> = {};
  const what = input.what.trim();
  const why = input.why.trim();
  const action = input.action;
  if (!action || !actionsFor(kind).includes(action)) errors.action = 'Choose an action';
  const days = Number(input.days);
  if (
    action === 'suspend' &&
    (!Number.isInteger(days) || days < SUSPEND_DAYS_MIN || days > SUSPEND_DAYS_MAX)
  )
    errors.days = `Suspend for ${SUSPEND_DAYS_MIN} to ${SUSPEND_DAYS_MAX} days`;
  if (action && action !== 'dismiss' && !COMMUNITY_RULES.some((rule) => rule.id === input.rule))
    errors.rule = 'Choose the rule this breaks';
  if (what.length < 1 || what.length > STATEMENT_WHAT_MAX)
    errors.what = `Say what you decided, in 1 to ${STATEMENT_WHAT_MAX} characters`;
  if (why.length < 1 || why.length > STATEMENT_WHY_MAX)
    errors.why = `Say why, in 1 to ${STATEMENT_WHY_MAX.toLocaleString('en-GB')} characters`;
  if (Object.keys(errors).length || !action) return { ok: false, errors };
  return {
    ok: true,
    body: {
      action,
      ...(action === 'suspend' ? { days } : {}),
      ...(action === 'dismiss' ? {} : { rule: input.rule as CommunityRuleId }),
      statement: { what, why },
    },
  };
}

/** An appeal's text: 10 to 1,000 characters; null when fine. */
export function appealTextProblem(text: string): string | null {
  const length = text.trim().length;
  return length < APPEAL_TEXT_MIN || length > APPEAL_TEXT_MAX
    ? `Write ${APPEAL_TEXT_MIN} to ${APPEAL_TEXT_MAX.toLocaleString('en-GB')} characters`
    : null;
}

/** A moderator's answer to an appeal: 1 to 1,000 characters; null when fine. */
export function appealAnswerProblem(text: string): string | null {
  const length = text.trim().length;
  return length < 1 || length > 1000 ? 'Write 1 to 1,000 characters' : null;
}
