/**
 * Moderation's command face (docs/product.md, "Reports and moderation"). A case (stream
 * `case-{caseId}`): filing a report (one open per reporter and target), a moderator's decision
 * (closing the open reports), an appeal by the affected member (once, within 30 days) and its
 * decision by another moderator. A member's standing (stream `standing-{uid}`): a suspension, a
 * ban, and a sanction lifted (at its end, or on appeal). What the routes look up outside the
 * stream (the target, the member's standing, the listing) comes in the command.
 */
import {
  MODERATION_TEXTS,
  type CommunityRuleId,
  type ModerationAction,
  type ReportReason,
  type ReportTarget,
} from '@rewear/contracts';
import { reject, type Decider } from '../shared/decider.ts';
import {
  appealOpen,
  decisionIdOf,
  evolveCase,
  evolveStanding,
  initialCase,
  initialStanding,
  reporterKeyOf,
  sanctionAt,
  suspensionEnd,
  type CaseEvent,
  type CaseState,
  type StandingEvent,
  type StandingState,
} from './domain.ts';

export type { CaseEvent, CaseState, StandingEvent, StandingState } from './domain.ts';

export type CaseCommand =
  | {
      type: 'FileReport';
      caseId: string;
      reportId: string;
      target: ReportTarget;
      reason: ReportReason;
      text: string;
      reporterId: string | null;
      reporterEmail: string;
      responsibleId: string;
    }
  | {
      type: 'DecideCase';
      caseId: string;
      action: ModerationAction;
      rule: CommunityRuleId | null;
      statement: { what: string; why: string };
      days: number | null;
      moderatorId: string;
      /** The responsible member's sanction in force now (from their standing). */
      responsibleStatus: 'active' | 'suspended' | 'banned';
    }
  | { type: 'Appeal'; decisionId: string; uid: string; text: string }
  | {
      type: 'DecideAppeal';
      decisionId: string;
      moderatorId: string;
      outcome: 'upheld' | 'reversed';
      text: string;
    };

export const caseDecider: Decider<CaseState, CaseCommand, CaseEvent> = {
  initialState: initialCase,
  evolve: evolveCase,
  decide: (command, state, { now }) => {
    switch (command.type) {
      case 'FileReport': {
        const key = reporterKeyOf(command.reporterId, command.reporterEmail);
        if (state.openReports.some((r) => r.reporterKey === key))
          return reject('conflict', MODERATION_TEXTS.alreadyReported);
        const { type: _type, ...data } = command;
        return [{ type: 'ReportFiled', data: { ...data, filedAt: now.toISOString() } }];
      }
      case 'DecideCase': {
        if (!state.target || state.openReports.length === 0)
          return reject('conflict', 'This case has no open report');
        const { action } = command;
        const affectedId = state.responsibleId!;
        if (affectedId === command.moderatorId)
          return reject('forbidden', 'Another moderator must decide a case about you');
        if (action === 'remove_listing' && state.target.kind !== 'listing')
          return reject('invalid', 'Only a listing can be removed');
        if (action === 'remove_listing' && state.listingRemoved)
          return reject('conflict', 'This listing is already removed');
        if (action !== 'dismiss' && action !== 'remove_listing') {
          if (command.responsibleStatus === 'banned')
            return reject('conflict', 'This member is banned');
        }
        const days = action === 'suspend' ? command.days : null;
        if (action === 'suspend' && days === null)
          return reject('invalid', 'A suspension needs its days (1 to 30)');
        return [
          {
            type: 'ModerationDecided',
            data: {
              caseId: command.caseId,
              decisionId: decisionIdOf(command.caseId, state.decisions.length + 1),
              target: state.target,
              action,
              rule: action === 'dismiss' ? null : command.rule,
              statement: command.statement,
              days,
              endsAt: days === null ? null : suspensionEnd(now, days),
              moderatorId: command.moderatorId,
              affectedId,
              reportIds: state.openReports.map((r) => r.reportId),
              reporterIds: [
                ...new Set(
                  state.openReports
                    .map((r) => r.reporterKey)
                    .filter((key) => !key.startsWith('email:')),
                ),
              ],
              decidedAt: now.toISOString(),
            },
          },
        ];
      }
      case 'Appeal': {
        const decision = state.decisions.find((x) => x.decisionId === command.decisionId);
        if (!decision) return reject('not_found', 'Decision not found');
        if (decision.affectedId !== command.uid)
          return reject('forbidden', 'Only the member a decision affects can appeal it');
        if (decision.action === 'dismiss')
          return reject('conflict', 'A dismissed report has no decision to appeal');
        if (decision.appeal) return reject('conflict', 'You have already appealed this decision');
        if (!appealOpen(decision, now.getTime()))
          return reject('conflict', 'The 30 days to appeal this decision have passed');
        return [
          {
            type: 'DecisionAppealed',
            data: {
              caseId: caseOf(command.decisionId),
              decisionId: command.decisionId,
              affectedId: command.uid,
              text: command.text,
              appealedAt: now.toISOString(),
            },
          },
        ];
      }
      case 'DecideAppeal': {
        const decision = state.decisions.find((x) => x.decisionId === command.decisionId);
        if (!decision) return reject('not_found', 'Decision not found');
        if (!decision.appeal) return reject('conflict', 'There is no appeal to decide');
        if (decision.appeal.status !== 'open')
          return reject('conflict', 'This appeal has already been decided');
        if (decision.moderatorId === command.moderatorId)
          return reject('forbidden', 'Another moderator must decide this appeal');
        if (decision.affectedId === command.moderatorId)
          return reject('forbidden', 'Another moderator must decide your own appeal');
        return [
          {
            type: 'AppealDecided',
            data: {
              caseId: caseOf(command.decisionId),
              decisionId: command.decisionId,
              target: state.target!,
              action: decision.action,
              affectedId: decision.affectedId,
              outcome: command.outcome,
              text: command.text,
              moderatorId: command.moderatorId,
              decidedAt: now.toISOString(),
            },
          },
        ];
      }
    }
  },
};

const caseOf = (decisionId: string) => decisionId.slice(0, decisionId.lastIndexOf('.'));

export type StandingCommand =
  | {
      type: 'Sanction';
      uid: string;
      decisionId: string;
      action: 'suspend' | 'ban';
      /** A suspension's end. */
      until: string | null;
      why: string;
      moderatorId: string;
    }
  | {
      type: 'LiftSanction';
      uid: string;
      decisionId: string;
      why: 'ended' | 'appeal';
      moderatorId: string | null;
    };

export const standingDecider: Decider<StandingState, StandingCommand, StandingEvent> = {
  initialState: initialStanding,
  evolve: evolveStanding,
  decide: (command, state, { now }) => {
    const at = now.toISOString();
    const current = state.sanction;
    if (command.type === 'LiftSanction') {
      // Only the sanction in force is lifted; another's (superseded, lifted already) is not.
      if (current?.decisionId !== command.decisionId) return [];
      if (command.why === 'ended' && Date.parse(current.until ?? at) > now.getTime()) return [];
      if (command.why === 'ended' && current.until === null) return [];
      return [
        {
          type: 'SanctionLifted',
          data: {
            uid: command.uid,
            decisionId: command.decisionId,
            why: command.why,
            moderatorId: command.moderatorId,
            liftedAt: at,
          },
        },
      ];
    }
    // The same decision again (a retried effect) changes nothing.
    if (current?.decisionId === command.decisionId) return [];
    if (sanctionAt(state, now.getTime())?.status === 'banned')
      return reject('conflict', 'This member is banned');
    const { uid, decisionId, why, moderatorId } = command;
    if (command.action === 'ban')
      return [{ type: 'MemberBanned', data: { uid, decisionId, why, moderatorId, bannedAt: at } }];
    return [
      {
        type: 'MemberSuspended',
        data: { uid, decisionId, until: command.until!, why, moderatorId, suspendedAt: at },
      },
    ];
  },
};
