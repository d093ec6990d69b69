/**
 * Moderation's query face (docs/product.md, "Reports and moderation"): the moderators' queue of
 * open cases and of open appeals, one case, one decision, a member's notices and standing, and
 * a member's own reports. Each view shows what its target shows (a listing's title and image, a
 * member's name, a message's text) and never who filed a report.
 */
import {
  COMMUNITY_RULES,
  MODERATION_TEXTS,
  type CaseView,
  type DecisionView,
  type MemberStanding,
  type MyReport,
  type ReportTarget,
  type TargetPreview,
} from '@rewear/contracts';
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { ListingDoc } from '../listing/projection.ts';
import type { UserDoc } from '../user/projection.ts';
import type { ConversationEntryDoc } from '../conversation/projection.ts';
import { appealOpen, caseIdOf } from './domain.ts';
import type {
  MemberStandingDoc,
  ModerationCaseDoc,
  ModerationDecisionDoc,
  ModerationReportDoc,
} from './projection.ts';

/** At most this many cases or appeals in one queue read. */
export const QUEUE_SHOWN = 100;

const casesOf = (side: ReadSide) => side.collection<ModerationCaseDoc>(READ_MODELS.moderationCases);
const decisionsOf = (side: ReadSide) =>
  side.collection<ModerationDecisionDoc>(READ_MODELS.moderationDecisions);

/** What each target shows, keyed by its case id, in three reads at most. */
export async function previewsOf(
  side: ReadSide,
  targets: readonly ReportTarget[],
): Promise<Map<string, TargetPreview>> {
  const listingIds = targets.filter((t) => t.kind === 'listing').map((t) => t.id);
  const entryIds = targets.flatMap((t) => (t.kind === 'message' ? [t.id] : []));
  const [listings, entries] = await Promise.all([
    listingIds.length
      ? side
          .collection<ListingDoc>(READ_MODELS.listings)
          .find({ _id: { $in: listingIds } }, { readonly: true })
      : [],
    entryIds.length
      ? side
          .collection<ConversationEntryDoc>(READ_MODELS.conversationEntries)
          .find({ _id: { $in: entryIds } }, { readonly: true })
      : [],
  ]);
  const memberIds = [
    ...targets.filter((t) => t.kind === 'member').map((t) => t.id),
    ...entries.flatMap((e) => (e.author_id ? [e.author_id] : [])),
  ];
  const users = memberIds.length
    ? await side
        .collection<UserDoc>(READ_MODELS.users)
        .find({ _id: { $in: [...new Set(memberIds)] } }, { readonly: true })
    : [];
  // Seeded sellers never registered: their listings carry their name.
  const unnamed = memberIds.filter((uid) => !users.some((u) => u._id === uid));
  const sellers = unnamed.length
    ? await side
        .collection<ListingDoc>(READ_MODELS.listings)
        .find({ seller_id: { $in: unnamed } }, { readonly: true, limit: 200 })
    : [];
  const nameOf = (uid: string) =>
    users.find((u) => u._id === uid)?.display_name ??
    sellers.find((l) => l.seller_id === uid)?.seller_name ??
    null;
  const previews = new Map<string, TargetPreview>();
  for (const target of targets) {
    const key = caseIdOf(target);
    if (!key) continue;
    const empty = { title: null, image: null, text: null, name: null, link: null };
    if (target.kind === 'listing') {
      const listing = listings.find((l) => l._id === target.id);
      previews.set(key, {
        ...empty,
        title: listing?.title ?? null,
        image: listing?.image ?? null,
        name: listing?.seller_name ?? null,
        link: `/products/${target.id}`,
      });
    } else if (target.kind === 'member') {
      previews.set(key, { ...empty, name: nameOf(target.id), link: `/sellers/${target.id}` });
    } else {
      const entry = entries.find((e) => e._id === target.id);
      previews.set(key, {
        ...empty,
        text: entry?.text ?? null,
        name: entry?.author_id ? nameOf(entry.author_id) : null,
      });
    }
  }
  return previews;
}

const noPreview: TargetPreview = { title: null, image: null, text: null, name: null, link: null };

/** A decision as it reads: its rule spelled out, whether its member may appeal it now. */
export function decisionView(
  doc: ModerationDecisionDoc,
  preview: TargetPreview,
  now: number,
): DecisionView {
  const rule = COMMUNITY_RULES.find((r) => r.id === doc.rule);
  return {
    decisionId: doc._id,
    caseId: doc.case_id,
    target: { ...doc.target },
    targetPreview: preview,
    action: doc.action,
    rule: rule ? { id: rule.id, title: rule.title, text: rule.text } : null,
    statement: { what: doc.statement.what, why: doc.statement.why },
    days: doc.days,
    endsAt: doc.ends_at,
    decidedAt: doc.decided_at,
    moderatorId: doc.moderator_id,
    affectedId: doc.affected_id,
    appeal: doc.appeal
      ? {
          text: doc.appeal.text,
          appealedAt: doc.appeal.appealed_at,
          status: doc.appeal.status,
          decidedAt: doc.appeal.decided_at,
          outcomeText: doc.appeal.outcome_text,
          decidedBy: doc.appeal.decided_by,
        }
      : null,
    canAppeal: appealOpen(
      { action: doc.action, decidedAt: doc.decided_at, appeal: doc.appeal },
      now,
    ),
    howToAppeal: MODERATION_TEXTS.howToAppeal,
  };
}

async function decisionViews(
  side: ReadSide,
  docs: readonly ModerationDecisionDoc[],
  now: number,
): Promise<DecisionView[]> {
  const previews = await previewsOf(
    side,
    docs.map((d) => d.target),
  );
  return docs.map((doc) => decisionView(doc, previews.get(doc.case_id) ?? noPreview, now));
}

async function caseViews(
  side: ReadSide,
  cases: readonly ModerationCaseDoc[],
  now: number,
): Promise<CaseView[]> {
  if (cases.length === 0) return [];
  const [previews, decisions] = await Promise.all([
    previewsOf(
      side,
      cases.map((c) => c.target),
    ),
    decisionsOf(side).find(
      { case_id: { $in: cases.map((c) => c._id) } },
      { sort: { decided_at: 1 }, readonly: true },
    ),
  ]);
  return cases.map((doc) => {
    const preview = previews.get(doc._id) ?? noPreview;
    return {
      caseId: doc._id,
      target: { ...doc.target },
      targetPreview: preview,
      responsibleId: doc.responsible_id,
      reports: doc.reports.map((r) => ({
        reportId: r.report_id,
        reason: r.reason as CaseView['reports'][number]['reason'],
        text: r.text,
        reportedAt: r.reported_at,
        reporterKind: r.reporter_kind,
      })),
      openReports: doc.open_reports,
      firstReportedAt: doc.first_open_at,
      history: decisions
        .filter((d) => d.case_id === doc._id)
        .map((d) => decisionView(d, preview, now)),
    };
  });
}

/** The open cases, the one whose oldest open report is oldest first. */
export async function moderationQueue(side: ReadSide, now: number): Promise<CaseView[]> {
  const cases = await casesOf(side).find(
    { open_reports: { $gt: 0 } },
    { sort: { first_open_at: 1, _id: 1 }, limit: QUEUE_SHOWN, readonly: true },
  );
  return caseViews(side, cases, now);
}

/** One case (null: never reported). */
export async function caseById(
  side: ReadSide,
  caseId: string,
  now: number,
): Promise<CaseView | null> {
  const doc = await casesOf(side).findOne({ _id: caseId }, { readonly: true });
  return doc ? ((await caseViews(side, [doc], now))[0] ?? null) : null;
}

/** The appeals waiting for a decision, the oldest appeal first. */
export async function openAppeals(side: ReadSide, now: number): Promise<DecisionView[]> {
  const docs = await decisionsOf(side).find(
    { appeal_status: 'open' },
    { sort: { 'appeal.appealed_at': 1, _id: 1 }, limit: QUEUE_SHOWN, readonly: true },
  );
  return decisionViews(side, docs, now);
}

/** One decision (null: none). Who may read it is the route's to check. */
export async function decisionById(
  side: ReadSide,
  decisionId: string,
  now: number,
): Promise<DecisionView | null> {
  const doc = await decisionsOf(side).findOne({ _id: decisionId }, { readonly: true });
  return doc ? ((await decisionViews(side, [doc], now))[0] ?? null) : null;
}

/** A member's standing at `now`: a suspension past its end is over, even before it is recorded. */
export async function standingOf(
  side: ReadSide,
  uid: string,
  now: number,
): Promise<MemberStanding> {
  const doc = await side
    .collection<MemberStandingDoc>(READ_MODELS.memberStandings)
    .findOne({ _id: uid }, { readonly: true });
  if (!doc || (doc.until !== null && Date.parse(doc.until) <= now))
    return { status: 'active', until: null, decisionId: null };
  return { status: doc.status, until: doc.until, decisionId: doc.decision_id };
}

/** The decisions that affect a member (dismissals affect nobody), newest first, and their standing. */
export async function noticesOf(
  side: ReadSide,
  uid: string,
  now: number,
): Promise<{ notices: DecisionView[]; standing: MemberStanding }> {
  const [docs, standing] = await Promise.all([
    decisionsOf(side).find(
      { affected_id: uid, action: { $ne: 'dismiss' } },
      { sort: { decided_at: -1 }, limit: QUEUE_SHOWN, readonly: true },
    ),
    standingOf(side, uid, now),
  ]);
  return { notices: await decisionViews(side, docs, now), standing };
}

/** A member's reports, newest first, with their outcome once decided. */
export async function reportsOf(side: ReadSide, uid: string): Promise<MyReport[]> {
  const docs = await side
    .collection<ModerationReportDoc>(READ_MODELS.moderationReports)
    .find({ reporter_id: uid }, { sort: { reported_at: -1 }, limit: QUEUE_SHOWN, readonly: true });
  const previews = await previewsOf(
    side,
    docs.map((d) => d.target),
  );
  return docs.map((doc) => ({
    reportId: doc._id,
    target: { ...doc.target },
    targetPreview: previews.get(doc.case_id) ?? noPreview,
    reason: doc.reason as MyReport['reason'],
    text: doc.text,
    reportedAt: doc.reported_at,
    status: doc.status,
    outcome: doc.outcome,
    decidedAt: doc.decided_at,
  }));
}
