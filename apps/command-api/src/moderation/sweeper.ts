/**
 * Suspensions end by themselves (docs/product.md, "Reports and moderation"): at a suspension's
 * end date the sweeper records SanctionLifted { why: 'ended' } on the member's standing, and the
 * catalogue shows their listings again. Like the other sweepers it follows the event log itself;
 * the decider checks the time and the sanction in force again, so an early, repeated or stale
 * sweep (a suspension replaced by a ban, or lifted on appeal) changes nothing.
 */
import { createSweeper, type Sweeper, type SweeperOptions } from '../shared/sweeper.ts';
import { standings } from './aggregate.ts';

export type SuspensionSweeperOptions = SweeperOptions;

/** Its sweep ends what is due and answers the members whose suspension ended. */
export type SuspensionSweeper = Sweeper<string[]>;

export function createSuspensionSweeper(options: SuspensionSweeperOptions): SuspensionSweeper {
  // The suspension in force by member: its decision and its end.
  const due = new Map<string, { decisionId: string; at: number }>();
  return createSweeper(options, {
    actor: 'system:suspension-sweeper',
    label: 'suspensions',
    failureMessage: (uid) => `ending the suspension of ${uid} failed`,
    intervalMs: 30_000,
    follow(event) {
      switch (event.type) {
        case 'MemberSuspended':
          due.set(event.data.uid, {
            decisionId: event.data.decisionId,
            at: Date.parse(event.data.until),
          });
          break;
        case 'MemberBanned':
        case 'SanctionLifted':
          due.delete(event.data.uid);
          break;
      }
    },
    async sweep({ now, env, forEach }) {
      const ending = [...due].filter(([, timer]) => timer.at <= now);
      for (const [uid] of ending) due.delete(uid);
      const ended: string[] = [];
      await forEach(
        ending.map(([uid]) => uid),
        async (uid) => {
          const { decisionId } = ending.find(([id]) => id === uid)![1];
          const outcome = await standings.handle(env(), uid, {
            type: 'LiftSanction',
            uid,
            decisionId,
            why: 'ended',
            moderatorId: null,
          });
          if (outcome.events.length > 0) ended.push(uid);
        },
      );
      return ended;
    },
  });
}
