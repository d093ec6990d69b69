/**
 * The moderation contract's fixed lists: report reasons and community rules (docs/api.md,
 * "Reports and moderation"). The same ids and words as the server's.
 */
export const REPORT_REASONS = [
  { id: 'counterfeit', label: 'Counterfeit' },
  { id: 'prohibited', label: 'Prohibited item' },
  { id: 'not_as_described', label: 'Not as described' },
  { id: 'scam', label: 'Scam or payment outside the app' },
  { id: 'harassment', label: 'Harassment' },
  { id: 'other', label: 'Other' },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['id'];

export const COMMUNITY_RULES = [
  {
    id: 'authentic-items',
    title: 'Authentic items only',
    text: 'List only genuine items: no counterfeits, replicas or copies of branded goods.',
  },
  {
    id: 'prohibited-items',
    title: 'Prohibited items',
    text: 'Some items may not be sold on Rewear, such as weapons, drugs and anything illegal.',
  },
  {
    id: 'accurate-listings',
    title: 'Accurate listings',
    text: 'Describe and photograph the item you sell as it is, flaws included.',
  },
  {
    id: 'pay-in-app',
    title: 'Payments stay in Rewear',
    text: 'Pay and get paid through Rewear only, never outside the app.',
  },
  {
    id: 'respectful-conduct',
    title: 'Respect for other members',
    text: 'No harassment, threats or insults towards other members.',
  },
  {
    id: 'one-account',
    title: 'One account per person',
    text: 'Each person has one account, and does not open another to get around a decision.',
  },
] as const;

export type CommunityRuleId = (typeof COMMUNITY_RULES)[number]['id'];

export const reasonLabel = (reason: string): string =>
  REPORT_REASONS.find((item) => item.id === reason)?.label ?? reason;

export const REPORT_TEXT_MAX = 1000;
export const STATEMENT_WHAT_MAX = 500;
export const STATEMENT_WHY_MAX = 1000;
export const APPEAL_TEXT_MIN = 10;
export const APPEAL_TEXT_MAX = 1000;
export const SUSPEND_DAYS_MIN = 1;
export const SUSPEND_DAYS_MAX = 30;
