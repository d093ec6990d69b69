/**
 * Reports and moderation (docs/product.md, "Reports and moderation"): the moderators' queue of
 * open cases and of open appeals, one case, one decision (the member it affects or a moderator),
 * the signed-in member's notices and standing, and their own reports. Mounted from the
 * moderation feature's query face; no answer names who filed a report.
 */
import {
  appealListAnswer,
  caseViewAnswer,
  decisionViewAnswer,
  moderationQueueAnswer,
  myReportsAnswer,
  noticesAnswer,
} from '@rewear/contracts/answers';
import { caseParams, decisionParams, MODERATION_TEXTS } from '@rewear/contracts';
import { forbidden, notFound, type AuthenticatedUser } from '@rewear/platform';
import {
  caseById,
  decisionById,
  moderationQueue,
  noticesOf,
  openAppeals,
  reportsOf,
} from '@rewear/features/moderation/queries';
import { defineRoute, type QueryRoute } from '../shared/route.ts';

const isModerator = (user: AuthenticatedUser) => user.role === 'moderator';

function requireModerator(user: AuthenticatedUser): void {
  if (!isModerator(user)) throw forbidden(MODERATION_TEXTS.moderatorsOnly);
}

const moderatorsOnly = { 401: 'Not signed in', 403: "'Moderators only'" } as const;

export const moderationRoutes: QueryRoute[] = [
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/moderation/queue',
      summary:
        'The open cases (a target with open reports), the one with the oldest open report first, each with what its target shows and its decisions (moderators)',
      tags: ['Moderation'],
      auth: 'user',
      responses: {
        200: { description: '{ cases: [ModerationCase] }', body: moderationQueueAnswer },
        ...moderatorsOnly,
      },
    },
    async handle({ user, deps }) {
      requireModerator(user);
      const now = (deps.clock?.() ?? new Date()).getTime();
      return { cases: await moderationQueue(deps.readSide, now) };
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/moderation/cases/{caseId}',
      summary: 'One case: its target, open reports and decisions (moderators)',
      tags: ['Moderation'],
      auth: 'user',
      params: caseParams,
      responses: {
        200: { description: 'ModerationCase', body: caseViewAnswer },
        ...moderatorsOnly,
        404: 'Case not found',
      },
    },
    async handle({ user, params, deps }) {
      requireModerator(user);
      const now = (deps.clock?.() ?? new Date()).getTime();
      const view = await caseById(deps.readSide, params.caseId, now);
      if (!view) throw notFound('Case not found');
      return view;
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/moderation/appeals',
      summary:
        'The appeals waiting for a decision, the oldest first, each naming the moderator who decided (moderators)',
      tags: ['Moderation'],
      auth: 'user',
      responses: {
        200: { description: '{ appeals: [Decision] }', body: appealListAnswer },
        ...moderatorsOnly,
      },
    },
    async handle({ user, deps }) {
      requireModerator(user);
      const now = (deps.clock?.() ?? new Date()).getTime();
      return { appeals: await openAppeals(deps.readSide, now) };
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/notices',
      summary:
        'The decisions that affect the signed-in member (what, why, which rule, how to appeal), newest first, and their standing: active, suspended until a date, or banned',
      tags: ['Moderation'],
      auth: 'user',
      responses: {
        200: { description: '{ notices: [Decision], standing }', body: noticesAnswer },
        401: 'Not signed in',
      },
    },
    async handle({ user, deps }) {
      const now = (deps.clock?.() ?? new Date()).getTime();
      return noticesOf(deps.readSide, user.uid, now);
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/decisions/{decisionId}',
      summary: 'One decision, for the member it affects or a moderator (404 to anyone else)',
      tags: ['Moderation'],
      auth: 'user',
      params: decisionParams,
      responses: {
        200: { description: 'Decision', body: decisionViewAnswer },
        401: 'Not signed in',
        404: 'Decision not found',
      },
    },
    async handle({ user, params, deps }) {
      const now = (deps.clock?.() ?? new Date()).getTime();
      const view = await decisionById(deps.readSide, params.decisionId, now);
      if (!view || (view.affectedId !== user.uid && !isModerator(user)))
        throw notFound('Decision not found');
      return view;
    },
  }),
  defineRoute({
    doc: {
      method: 'get',
      path: '/api/reports/mine',
      summary:
        "The signed-in member's reports, newest first: what they reported, open or closed, and the outcome",
      tags: ['Moderation'],
      auth: 'user',
      responses: {
        200: { description: '{ reports: [...] }', body: myReportsAnswer },
        401: 'Not signed in',
      },
    },
    async handle({ user, deps }) {
      return { reports: await reportsOf(deps.readSide, user.uid) };
    },
  }),
];
