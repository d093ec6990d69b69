/**
 * Reports and moderation over the listings of event-mix.ts: the k-th case reports listing l{2k};
 * three cases in four are decided (dismissed, the listing removed, a warning, a suspension or a
 * ban, by k % 5); every second suspension ends; a third of the decisions that affect someone
 * are appealed, half of those reversed (a removed listing reinstated, a sanction lifted).
 * Member u{k} (a seller of event-mix's listings) answers for the cases below 50, so their
 * listings are hidden and shown again; the later ones name members of their own.
 */
import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@rewear/contracts';
import type { EventStore } from '@rewear/platform';

const ACTIONS = ['dismiss', 'remove_listing', 'warn', 'suspend', 'ban'] as const;

export function moderationLife(
  k: number,
): Array<{ streamId: string; expectedVersion: number; events: DomainEvent[] }> {
  const at = (minutes: number) =>
    new Date(Date.UTC(2024, 3, 1) + k * 600_000 + minutes * 60_000).toISOString();
  const listingId = `l${2 * k}`;
  const caseId = `listing.${listingId}`;
  const decisionId = `${caseId}.1`;
  const target = { kind: 'listing' as const, id: listingId };
  const member = k < 50 ? `u${k}` : `member${k}`;
  const reporterId = k % 2 === 0 ? `fan${k}` : null;
  const caseStream = `case-${caseId}`;
  const standing = `standing-${member}`;
  const appends: Array<{ streamId: string; expectedVersion: number; events: DomainEvent[] }> = [
    {
      streamId: caseStream,
      expectedVersion: 0,
      events: [
        {
          type: 'ReportFiled',
          data: {
            caseId,
            reportId: `report${k}`,
            target,
            reason: 'counterfeit',
            text: `Report ${k}`,
            reporterId,
            reporterEmail: `fan${k}@example.com`,
            responsibleId: member,
            filedAt: at(0),
          },
        },
      ],
    },
  ];
  if (k % 4 === 3) return appends;
  const action = ACTIONS[k % 5]!;
  appends.push({
    streamId: caseStream,
    expectedVersion: 1,
    events: [
      {
        type: 'ModerationDecided',
        data: {
          caseId,
          decisionId,
          target,
          action,
          rule: action === 'dismiss' ? null : 'authentic-items',
          statement: { what: `Decision ${k}`, why: 'Counterfeit' },
          days: action === 'suspend' ? 3 : null,
          endsAt: action === 'suspend' ? at(3 * 1440) : null,
          moderatorId: 'mod1',
          affectedId: member,
          reportIds: [`report${k}`],
          reporterIds: reporterId ? [reporterId] : [],
          decidedAt: at(10),
        },
      },
    ],
  });
  let standingVersion = 0;
  const lift = (why: 'ended' | 'appeal', minutes: number) =>
    appends.push({
      streamId: standing,
      expectedVersion: standingVersion++,
      events: [
        {
          type: 'SanctionLifted',
          data: {
            uid: member,
            decisionId,
            why,
            moderatorId: why === 'appeal' ? 'mod2' : null,
            liftedAt: at(minutes),
          },
        },
      ],
    });
  if (action === 'suspend' || action === 'ban')
    appends.push({
      streamId: standing,
      expectedVersion: standingVersion++,
      events: [
        action === 'suspend'
          ? {
              type: 'MemberSuspended',
              data: {
                uid: member,
                decisionId,
                until: at(3 * 1440),
                why: 'Counterfeit',
                moderatorId: 'mod1',
                suspendedAt: at(10),
              },
            }
          : {
              type: 'MemberBanned',
              data: {
                uid: member,
                decisionId,
                why: 'Counterfeit',
                moderatorId: 'mod1',
                bannedAt: at(10),
              },
            },
      ],
    });
  const ended = action === 'suspend' && k % 2 === 0;
  if (ended) lift('ended', 3 * 1440);
  if (action === 'dismiss' || k % 3 !== 0) return appends;
  appends.push({
    streamId: caseStream,
    expectedVersion: 2,
    events: [
      {
        type: 'DecisionAppealed',
        data: { caseId, decisionId, affectedId: member, text: 'It is genuine', appealedAt: at(20) },
      },
    ],
  });
  if (k % 2 !== 0) return appends;
  appends.push({
    streamId: caseStream,
    expectedVersion: 3,
    events: [
      {
        type: 'AppealDecided',
        data: {
          caseId,
          decisionId,
          target,
          action,
          affectedId: member,
          outcome: 'reversed',
          text: 'The receipt shows it is genuine',
          moderatorId: 'mod2',
          decidedAt: at(30),
        },
      },
    ],
  });
  if ((action === 'suspend' || action === 'ban') && !ended) lift('appeal', 30);
  return appends;
}

/** Appends the moderation cases [from, to). */
export async function appendModeration(store: EventStore, from: number, to: number): Promise<void> {
  for (let k = from; k < to; k++)
    for (const { streamId, events, expectedVersion } of moderationLife(k))
      await store.append(streamId, events, {
        expectedVersion,
        actor: 'seed',
        correlationId: randomUUID(),
      });
}
