/**
 * Reports and moderation (docs/product.md, "Reports and moderation"): anyone reports a listing,
 * a member or a message; a moderator decides a case's open reports; the affected member appeals
 * a decision once; another moderator decides the appeal. A decision's sanction is recorded on
 * the member's standing, which the listing, buying, offer and message routes check
 * (./standing.ts); the catalogue hides what a decision hides (the catalogue projector).
 */
import { decisionAnswer, reportFiledAnswer } from '@rewear/contracts/command-answers';
import {
  appealBody,
  appealDecisionBody,
  caseParams,
  decisionBody,
  decisionParams,
  MODERATION_TEXTS,
  reportBody,
  streamIdOf,
  type DecisionView,
  type EnvelopeOf,
  type ReportTarget,
} from '@rewear/contracts';
import {
  HttpError,
  tooManyRequestsMessage,
  type AuthenticatedUser,
  type RequestContext,
} from '@rewear/platform';
import {
  caseIdOf,
  caseOfDecision,
  messageVersionOf,
  sanctionAt,
} from '@rewear/features/moderation/domain';
import { projectDecision } from '@rewear/features/moderation/projection';
import { decisionView, previewsOf } from '@rewear/features/moderation/queries';
import { reject } from '../shared/decider.ts';
import { defineRoute, type CommandRoute } from '../shared/http.ts';
import type { CommandServices } from '../shared/services.ts';
import { listings } from '../listing/aggregate.ts';
import { users } from '../user/aggregate.ts';
import { cases, standings } from './aggregate.ts';

const NOT_FOUND = {
  listing: 'Listing not found',
  member: 'Member not found',
  message: 'Message not found',
} as const;

function requireModerator(user: AuthenticatedUser): void {
  if (user.role !== 'moderator') throw new HttpError(403, MODERATION_TEXTS.moderatorsOnly);
}

/**
 * The member a report's target answers for (the listing's seller, the message's author, the
 * member), or 404. A message is found only by a party to its conversation: no one else sees it.
 */
async function responsibleFor(
  services: CommandServices,
  target: ReportTarget,
  reporterId: string | null,
): Promise<string> {
  const missing = () => reject('not_found', NOT_FOUND[target.kind]);
  if (target.kind === 'listing') {
    const { state } = await listings.load(services.aggregates, target.id);
    if (!state.exists || state.deleted || !state.fields) return missing();
    return state.fields.sellerId;
  }
  if (target.kind === 'member') {
    const { state } = await users.load(services.aggregates, target.id);
    if (state.registered) return target.id;
    // Seeded sellers never registered: a member with a listing is one.
    const listing = await services.readSide
      ?.collection('listings')
      .findOne({ seller_id: target.id }, { readonly: true });
    return listing ? target.id : missing();
  }
  const version = messageVersionOf(target.id, target.conversationId);
  if (version === null) return missing();
  const [event] = await services.eventStore.readStream(
    streamIdOf('conversation', target.conversationId),
    version,
  );
  if (event?.type !== 'MessageSent' || event.streamVersion !== version) return missing();
  const message = event as EnvelopeOf<'MessageSent'>;
  const parties = [message.data.buyerId, message.data.sellerId];
  if (!reporterId || !parties.includes(reporterId)) return missing();
  return message.data.senderId;
}

/** A decision as its case's stream tells it now, with what its target shows. */
async function decisionOf(
  services: CommandServices,
  decisionId: string,
): Promise<DecisionView | null> {
  const caseId = caseOfDecision(decisionId);
  if (!caseId) return null;
  const events = await services.eventStore.readStream(streamIdOf('case', caseId));
  let doc: ReturnType<typeof projectDecision> = null;
  for (const event of events) {
    if (
      (event.type === 'ModerationDecided' ||
        event.type === 'DecisionAppealed' ||
        event.type === 'AppealDecided') &&
      (event.data as { decisionId: string }).decisionId === decisionId
    )
      doc = projectDecision(
        doc,
        event as EnvelopeOf<'ModerationDecided' | 'DecisionAppealed' | 'AppealDecided'>,
      );
  }
  if (!doc) return null;
  const previews = services.readSide ? await previewsOf(services.readSide, [doc.target]) : null;
  const preview = previews?.get(caseId) ?? {
    title: null,
    image: null,
    text: null,
    name: null,
    link: null,
  };
  return decisionView(doc, preview, services.now().getTime());
}

async function countReport(ctx: RequestContext, services: CommandServices, reporterKey: string) {
  const waitMs = (await services.rateLimiter?.checkScope(reporterKey, 'reports')) ?? 0;
  if (waitMs <= 0) return;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  ctx.set('Retry-After', String(seconds));
  throw new HttpError(429, tooManyRequestsMessage(seconds));
}

const decisionResponses = {
  401: 'Not signed in',
  403: "'Moderators only'",
  404: 'Case or decision not found',
} as const;

export const moderationRoutes: CommandRoute[] = [
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/reports',
      summary:
        'Reports a listing, a member or a message (reason, text up to 1,000 characters); a visitor gives an email, a member’s account email is used. One open report per reporter and target; at most 5 a minute and 20 a day per reporter. A report hides nothing by itself',
      tags: ['moderation'],
      auth: 'optional',
      body: reportBody,
      responses: {
        201: {
          description:
            "{ reportId, caseId, message: 'Thanks, we received your report. We will tell you what we decide.', position }",
          body: reportFiledAnswer,
        },
        400: "A field out of its limits; 'You cannot report yourself'; a visitor without an email",
        404: "'Listing not found', 'Member not found' or 'Message not found'",
        409: "'You have already reported this. We will tell you what we decide.'",
        429: 'Too many reports: at most 5 a minute and 20 a day',
      },
    },
    async handle({ body, ctx, deps: services }) {
      const user = ctx.state.user ?? null;
      const email = user ? (user.email ?? body.email ?? '') : body.email;
      if (email === undefined)
        throw new HttpError(400, 'Enter your email address, so we can tell you what we decide', [
          { path: 'email', message: 'required for a visitor' },
        ]);
      const reporterEmail = email.toLowerCase();
      const target = body.target as ReportTarget;
      const caseId = caseIdOf(target);
      if (!caseId) return reject('not_found', NOT_FOUND[target.kind]);
      await countReport(ctx, services, user?.uid ?? `email:${reporterEmail}`);
      const responsibleId = await responsibleFor(services, target, user?.uid ?? null);
      if (user && responsibleId === user.uid)
        return reject('invalid', 'You cannot report yourself');
      const reportId = services.newId();
      const outcome = await cases.handle(services.envFor(ctx), caseId, {
        type: 'FileReport',
        caseId,
        reportId,
        target,
        reason: body.reason,
        text: body.text,
        reporterId: user?.uid ?? null,
        reporterEmail,
        responsibleId,
      });
      return {
        status: 201,
        body: { reportId, caseId, message: MODERATION_TEXTS.reportReceived },
        position: outcome.position,
      };
    },
  }),
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/moderation/cases/{caseId}/decisions',
      summary:
        'A moderator decides a case’s open reports: dismiss, remove the listing, warn, suspend (1–30 days) or ban the member responsible, with a statement of reasons and the rule broken; the reports close and their reporters are told',
      tags: ['moderation'],
      auth: 'user',
      params: caseParams,
      body: decisionBody,
      responses: {
        201: { description: '{ decision: Decision, position }', body: decisionAnswer },
        400: "A field out of its limits; 'Only a listing can be removed'",
        ...decisionResponses,
        409: "'This case has no open report', 'This listing is already removed', 'This member is banned'",
      },
    },
    async handle({ user, params, body, ctx, deps: services }) {
      requireModerator(user);
      const loaded = await cases.load(services.aggregates, params.caseId);
      if (!loaded.state.target) return reject('not_found', 'Case not found');
      const responsibleId = loaded.state.responsibleId!;
      const { state: standing } = await standings.load(services.aggregates, responsibleId);
      const sanction = sanctionAt(standing, services.now().getTime());
      const env = services.envFor(ctx);
      const outcome = await cases.handle(env, params.caseId, {
        type: 'DecideCase',
        caseId: params.caseId,
        action: body.action,
        rule: body.rule ?? null,
        statement: body.statement,
        days: body.days ?? null,
        moderatorId: user.uid,
        responsibleStatus: sanction?.status ?? 'active',
      });
      const decided = outcome.events.at(-1) as EnvelopeOf<'ModerationDecided'>;
      let position = outcome.position;
      const d = decided.data;
      if (d.action === 'suspend' || d.action === 'ban') {
        const sanctioned = await standings.handle(env, d.affectedId, {
          type: 'Sanction',
          uid: d.affectedId,
          decisionId: d.decisionId,
          action: d.action,
          until: d.endsAt,
          why: d.statement.why,
          moderatorId: user.uid,
        });
        position = Math.max(position, sanctioned.position);
      }
      const decision = await decisionOf(services, d.decisionId);
      return { status: 201, body: { decision: decision! }, position };
    },
  }),
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/decisions/{decisionId}/appeal',
      summary:
        'The member a decision affects appeals it, once, within 30 days (text 10–1,000 characters); another moderator decides',
      tags: ['moderation'],
      auth: 'user',
      params: decisionParams,
      body: appealBody,
      responses: {
        201: { description: '{ decision: Decision, position }', body: decisionAnswer },
        400: 'The text out of its limits',
        401: 'Not signed in',
        403: 'Not the member the decision affects',
        404: 'Decision not found',
        409: "'You have already appealed this decision', a dismissal, or past the 30 days",
      },
    },
    async handle({ user, params, body, ctx, deps: services }) {
      const caseId = caseOfDecision(params.decisionId);
      if (!caseId) return reject('not_found', 'Decision not found');
      const outcome = await cases.handle(services.envFor(ctx), caseId, {
        type: 'Appeal',
        decisionId: params.decisionId,
        uid: user.uid,
        text: body.text,
      });
      const decision = await decisionOf(services, params.decisionId);
      return { status: 201, body: { decision: decision! }, position: outcome.position };
    },
  }),
  defineRoute({
    doc: {
      method: 'post',
      path: '/api/moderation/appeals/{decisionId}/decide',
      summary:
        'A moderator other than the decision’s decides its appeal: upheld, or reversed (a removed listing is reinstated, a suspension or ban lifted)',
      tags: ['moderation'],
      auth: 'user',
      params: decisionParams,
      body: appealDecisionBody,
      responses: {
        200: { description: '{ decision: Decision, position }', body: decisionAnswer },
        400: 'A field out of its limits',
        401: 'Not signed in',
        403: "'Moderators only', 'Another moderator must decide this appeal'",
        404: 'Decision not found',
        409: "'This appeal has already been decided', 'There is no appeal to decide'",
      },
    },
    async handle({ user, params, body, ctx, deps: services }) {
      requireModerator(user);
      const caseId = caseOfDecision(params.decisionId);
      if (!caseId) return reject('not_found', 'Decision not found');
      const env = services.envFor(ctx);
      const outcome = await cases.handle(env, caseId, {
        type: 'DecideAppeal',
        decisionId: params.decisionId,
        moderatorId: user.uid,
        outcome: body.outcome,
        text: body.text,
      });
      let position = outcome.position;
      const decided = outcome.events.at(-1) as EnvelopeOf<'AppealDecided'>;
      const d = decided.data;
      if (d.outcome === 'reversed' && (d.action === 'suspend' || d.action === 'ban')) {
        const lifted = await standings.handle(env, d.affectedId, {
          type: 'LiftSanction',
          uid: d.affectedId,
          decisionId: d.decisionId,
          why: 'appeal',
          moderatorId: user.uid,
        });
        position = Math.max(position, lifted.position);
      }
      const decision = await decisionOf(services, params.decisionId);
      return { status: 200, body: { decision: decision! }, position };
    },
  }),
];
