/**
 * Reports and moderation (docs/product.md, "Reports and moderation"): the reasons a report gives,
 * the community rules a decision cites, the actions a moderator takes and the texts the
 * members read, in one place for the routes, the events and the client's forms. No zod here:
 * the client's screens use these without zod's runtime (the bodies are in
 * moderation-requests.ts, the answers in answers.ts and command-answers.ts).
 */
import type { z } from 'zod';
import type * as answers from './answers.ts';
import type * as commandAnswers from './command-answers.ts';

export const REPORT_REASON_IDS = [
  'counterfeit',
  'prohibited',
  'not_as_described',
  'scam',
  'harassment',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASON_IDS)[number];

/** The reasons a report gives, as the form lists them. */
export const REPORT_REASONS: ReadonlyArray<{ id: ReportReason; label: string }> = [
  { id: 'counterfeit', label: 'Counterfeit' },
  { id: 'prohibited', label: 'Prohibited item' },
  { id: 'not_as_described', label: 'Not as described' },
  { id: 'scam', label: 'Scam or payment outside the app' },
  { id: 'harassment', label: 'Harassment' },
  { id: 'other', label: 'Other' },
];

export const COMMUNITY_RULE_IDS = [
  'authentic-items',
  'prohibited-items',
  'accurate-listings',
  'pay-in-app',
  'respectful-conduct',
  'one-account',
] as const;
export type CommunityRuleId = (typeof COMMUNITY_RULE_IDS)[number];

/** The rules a decision's statement of reasons cites. */
export const COMMUNITY_RULES: ReadonlyArray<{ id: CommunityRuleId; title: string; text: string }> =
  [
    {
      id: 'authentic-items',
      title: 'Authentic items only',
      text: 'List only genuine items. Counterfeits and replicas are not allowed.',
    },
    {
      id: 'prohibited-items',
      title: 'Prohibited items',
      text: 'Some items may not be sold on Rewear, such as weapons, drugs, and used underwear or swimwear without hygiene protection.',
    },
    {
      id: 'accurate-listings',
      title: 'Accurate listings',
      text: 'Describe and photograph the item you sell as it is, with its flaws.',
    },
    {
      id: 'pay-in-app',
      title: 'Payments stay in Rewear',
      text: 'Pay and get paid through Rewear only. Asking for payment outside the app is not allowed.',
    },
    {
      id: 'respectful-conduct',
      title: 'Respect for other members',
      text: 'No harassment, threats, hate or insults in messages, listings or profiles.',
    },
    {
      id: 'one-account',
      title: 'One account per person',
      text: 'Each person has one account; a new account to get around a decision is not allowed.',
    },
  ];

export const ruleOf = (id: string) => COMMUNITY_RULES.find((rule) => rule.id === id) ?? null;

export const REPORT_TARGET_KINDS = ['listing', 'member', 'message'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

/** What a report is about: a listing, a member, or a message of a conversation. */
export type ReportTarget =
  | { kind: 'listing'; id: string }
  | { kind: 'member'; id: string }
  | { kind: 'message'; id: string; conversationId: string };

export const MODERATION_ACTIONS = ['dismiss', 'remove_listing', 'warn', 'suspend', 'ban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const APPEAL_OUTCOMES = ['upheld', 'reversed'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

export const MODERATION_LIMITS = {
  reportTextMax: 1000,
  whatMax: 500,
  whyMax: 1000,
  appealTextMin: 10,
  appealTextMax: 1000,
  outcomeTextMax: 1000,
  suspendDaysMin: 1,
  suspendDaysMax: 30,
  /** Days after a decision within which the affected member may appeal it. */
  appealWindowDays: 30,
} as const;

export const MODERATION_TEXTS = {
  reportReceived: 'Thanks, we received your report. We will tell you what we decide.',
  alreadyReported: 'You have already reported this. We will tell you what we decide.',
  howToAppeal:
    'You can appeal this decision once, within 30 days: another moderator will review it.',
  moderatorsOnly: 'Moderators only',
} as const;

/** A case's id: the target it is about (`listing.{id}`, `member.{uid}`, `message.{conversationId}.{n}`). */
export type CaseId = string;

/** POST /api/reports: the report is received. */
export type ReportFiled = z.output<typeof commandAnswers.reportFiledAnswer>;
/** A decision as the affected member and the moderators read it. */
export type DecisionView = z.output<typeof answers.decisionViewAnswer>;
/** What a target shows: a listing's title, image and link; a member's name; a message's text. */
export type TargetPreview = z.output<typeof answers.targetPreviewAnswer>;
/** One target's reports and decisions, as the moderators read them. */
export type CaseView = z.output<typeof answers.caseViewAnswer>;
export type ModerationQueue = z.output<typeof answers.moderationQueueAnswer>;
export type AppealList = z.output<typeof answers.appealListAnswer>;
/** GET /api/notices: the decisions that affect the signed-in member and their standing. */
export type Notices = z.output<typeof answers.noticesAnswer>;
export type MemberStanding = z.output<typeof answers.memberStandingAnswer>;
/** GET /api/reports/mine */
export type MyReports = z.output<typeof answers.myReportsAnswer>;
export type MyReport = MyReports['reports'][number];
/** The answer of a decision, an appeal and an appeal's decision. */
export type DecisionAnswer = z.output<typeof commandAnswers.decisionAnswer>;
