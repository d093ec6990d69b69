/** How moderation's answers read to people: dates, actions and decisions in words (pure). */
import type { DecisionAction, DecisionView, MyReport, ReportTarget, Standing } from './types.ts';

const DAY = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
const MOMENT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

/** '2026-12-12T…' → '12 December 2026'. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DAY.format(date);
}

/** '2026-11-28T14:05:00Z' → '28 Nov 2026, 14:05' (UTC). */
export function formatMoment(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : `${MOMENT.format(date)} UTC`;
}

export const ACTION_LABELS: Record<DecisionAction, string> = {
  dismiss: 'Dismiss',
  remove_listing: 'Remove listing',
  warn: 'Warn',
  suspend: 'Suspend',
  ban: 'Ban',
};

/** A decision as a moderator reads it in a case's history: 'Suspended for 7 days'. */
export function actionDone(decision: Pick<DecisionView, 'action' | 'days'>): string {
  switch (decision.action) {
    case 'dismiss':
      return 'Dismissed';
    case 'remove_listing':
      return 'Listing removed';
    case 'warn':
      return 'Warned';
    case 'suspend':
      return `Suspended for ${decision.days ?? '?'} ${decision.days === 1 ? 'day' : 'days'}`;
    case 'ban':
      return 'Banned';
  }
}

export const TARGET_KINDS: Record<ReportTarget['kind'], string> = {
  listing: 'Listing',
  member: 'Member',
  message: 'Message',
};

/** What was decided, as the affected member reads it. */
export function decisionHeadline(
  decision: Pick<DecisionView, 'action' | 'endsAt' | 'targetPreview'>,
): string {
  const title = decision.targetPreview.title?.trim();
  switch (decision.action) {
    case 'remove_listing':
      return title ? `Your listing "${title}" was removed` : 'Your listing was removed';
    case 'suspend':
      return decision.endsAt
        ? `Your account is suspended until ${formatDay(decision.endsAt)}`
        : 'Your account is suspended';
    case 'ban':
      return 'Your account is banned';
    case 'warn':
      return 'You received a warning';
    case 'dismiss':
      return 'A report about you was dismissed';
  }
}

/** Where an appeal stands, in words. */
export function appealStatus(decision: Pick<DecisionView, 'appeal' | 'action'>): string | null {
  const appeal = decision.appeal;
  if (!appeal) return null;
  if (appeal.status === 'open') return 'Your appeal is waiting for a moderator.';
  if (appeal.status === 'upheld') return 'Your appeal was reviewed: the decision stands.';
  switch (decision.action) {
    case 'remove_listing':
      return 'Your appeal was accepted: your listing is back.';
    case 'suspend':
      return 'Your appeal was accepted: the suspension is lifted.';
    case 'ban':
      return 'Your appeal was accepted: the ban is lifted.';
    default:
      return 'Your appeal was accepted: the decision is reversed.';
  }
}

/** The banner shown on every page while an account is suspended or banned; null when active. */
export function standingText(standing: Standing | null): string | null {
  if (!standing || standing.status === 'active') return null;
  if (standing.status === 'banned') return 'Your account is banned.';
  return standing.until
    ? `Your account is suspended until ${formatDay(standing.until)}.`
    : 'Your account is suspended.';
}

/** A report's status and outcome for its reporter. */
export function reportOutcome(report: Pick<MyReport, 'status' | 'outcome'>): string {
  if (report.status === 'open') return 'Open: a moderator will look at it';
  if (report.outcome === 'action_taken') return 'Closed: we took action';
  return 'Closed: no action needed';
}

/** The role claim of a Firebase ID token (null for none, or a token that cannot be read). */
export function roleOfToken(token: string | null): string | null {
  if (!token) return null;
  try {
    const part = token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(part)) as { role?: unknown };
    return typeof claims.role === 'string' ? claims.role : null;
  } catch {
    return null;
  }
}
