/**
 * Holiday mode's timers (docs/product.md §14.6): a holiday set ahead starts (its seller's
 * listings hidden) at 00:00 UTC of its first day, and every holiday ends by itself at 00:00 UTC
 * of its end date. Like the offer sweeper it follows the event log itself; the decider checks
 * the time again, so an early or repeated sweep changes nothing.
 */
import { dayStartMs } from '@rewear/features/holiday/domain';
import { createSweeper, dueIds, type Sweeper, type SweeperOptions } from '../shared/sweeper.ts';
import { holidays } from './aggregate.ts';

export type HolidaySweeperOptions = SweeperOptions;

/** Its sweep records the starts and ends that are due and answers the sellers that changed. */
export type HolidaySweeper = Sweeper<string[]>;

export function createHolidaySweeper(options: HolidaySweeperOptions): HolidaySweeper {
  // The next time each seller's holiday changes: its start while planned, else its end.
  const due = new Map<string, number>();
  const planned = new Map<string, { from: number; until: number }>();
  return createSweeper(options, {
    actor: 'system:holiday-sweeper',
    label: 'holidays',
    failureMessage: (uid) => `sweep of the holiday of ${uid} failed`,
    intervalMs: 60_000,
    follow(event) {
      switch (event.type) {
        case 'HolidayModeSet': {
          const times = {
            from: dayStartMs(event.data.from),
            until: dayStartMs(event.data.until),
          };
          planned.set(event.data.uid, times);
          due.set(event.data.uid, times.from);
          break;
        }
        case 'HolidayModeStarted': {
          const times = planned.get(event.data.uid);
          due.set(event.data.uid, times?.until ?? dayStartMs(event.data.until));
          break;
        }
        case 'HolidayModeEnded':
          planned.delete(event.data.uid);
          due.delete(event.data.uid);
          break;
      }
    },
    async sweep({ now, env, forEach, catchUp }) {
      const changed: string[] = [];
      await forEach([...dueIds(due, now)], async (uid) => {
        const outcome = await holidays.handle(env(), uid, { type: 'SweepHoliday', uid });
        if (outcome.events.length > 0) changed.push(uid);
      });
      // Its own facts set the next times (a start is followed by the end).
      if (changed.length > 0) await catchUp();
      return changed;
    },
  });
}
