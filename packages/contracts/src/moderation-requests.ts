/**
 * The moderation commands' path parameters and bodies (docs/product.md, "Reports and
 * moderation"), kept apart from the zod-free lists of moderation.ts.
 */
import { z } from 'zod';
import { idParam } from './requests.ts';
import {
  APPEAL_OUTCOMES,
  COMMUNITY_RULE_IDS,
  MODERATION_ACTIONS,
  MODERATION_LIMITS as L,
  REPORT_REASON_IDS,
} from './moderation.ts';

export const caseParams = z.object({ caseId: idParam });
export const decisionParams = z.object({ decisionId: idParam });

const targetId = idParam.regex(
  /^[A-Za-z0-9_-]+$/,
  'Unknown target: ids are letters, digits, _ and -',
);

/** What a report is about; a message is named by its entry id and its conversation. */
export const reportTargetBody = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('listing'), id: targetId }),
    z.object({ kind: z.literal('member'), id: targetId }),
    z.object({ kind: z.literal('message'), id: idParam, conversationId: targetId }),
  ],
  { error: 'target must be a listing, a member or a message' },
);

// Body of POST /api/reports.
export const reportBody = z.object({
  target: reportTargetBody,
  reason: z.enum(REPORT_REASON_IDS, {
    error: `reason must be one of ${REPORT_REASON_IDS.join(', ')}`,
  }),
  text: z
    .string()
    .trim()
    .max(L.reportTextMax, `Please describe it in at most ${L.reportTextMax} characters`)
    .default(''),
  email: z.string().trim().toLowerCase().email('Enter a valid email address').max(254).optional(),
});
export type ReportBody = z.input<typeof reportBody>;

// Body of POST /api/moderation/cases/{caseId}/decisions.
export const decisionBody = z
  .object({
    action: z.enum(MODERATION_ACTIONS, {
      error: `action must be one of ${MODERATION_ACTIONS.join(', ')}`,
    }),
    days: z
      .number()
      .int('days must be a whole number')
      .min(L.suspendDaysMin, `A suspension lasts ${L.suspendDaysMin} to ${L.suspendDaysMax} days`)
      .max(L.suspendDaysMax, `A suspension lasts ${L.suspendDaysMin} to ${L.suspendDaysMax} days`)
      .optional(),
    rule: z
      .enum(COMMUNITY_RULE_IDS, { error: `rule must be one of ${COMMUNITY_RULE_IDS.join(', ')}` })
      .optional(),
    statement: z.object({
      what: z
        .string()
        .trim()
        .min(1, 'Say what was decided')
        .max(L.whatMax, `Say what was decided in at most ${L.whatMax} characters`),
      why: z
        .string()
        .trim()
        .min(1, 'Say why')
        .max(L.whyMax, `Say why in at most ${L.whyMax} characters`),
    }),
  })
  .superRefine((body, ctx) => {
    if (body.action === 'suspend' && body.days === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['days'],
        message: 'A suspension needs its days (1 to 30)',
      });
    if (body.action !== 'suspend' && body.days !== undefined)
      ctx.addIssue({ code: 'custom', path: ['days'], message: 'Only a suspension has days' });
    if (body.action !== 'dismiss' && body.rule === undefined)
      ctx.addIssue({ code: 'custom', path: ['rule'], message: 'Name the community rule broken' });
    if (body.action === 'dismiss' && body.rule !== undefined)
      ctx.addIssue({ code: 'custom', path: ['rule'], message: 'A dismissal cites no rule' });
  });
export type DecisionBody = z.input<typeof decisionBody>;

// Body of POST /api/decisions/{decisionId}/appeal.
export const appealBody = z.object({
  text: z
    .string()
    .trim()
    .min(
      L.appealTextMin,
      `Explain your appeal in ${L.appealTextMin} to ${L.appealTextMax} characters`,
    )
    .max(
      L.appealTextMax,
      `Explain your appeal in ${L.appealTextMin} to ${L.appealTextMax} characters`,
    ),
});
export type AppealBody = z.input<typeof appealBody>;

// Body of POST /api/moderation/appeals/{decisionId}/decide.
export const appealDecisionBody = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { error: 'outcome must be upheld or reversed' }),
  text: z
    .string()
    .trim()
    .min(1, 'Say why')
    .max(L.outcomeTextMax, `Say why in at most ${L.outcomeTextMax} characters`),
});
export type AppealDecisionBody = z.input<typeof appealDecisionBody>;
