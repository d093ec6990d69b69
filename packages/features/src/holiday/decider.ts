/**
 * Holiday mode's command face (docs/product.md §14.6): stream `holiday-{uid}`. The seller sets
 * a holiday (dates checked: 400 with the reason) or ends it; the sweeper records its start and its
 * end at their times (`SweepHoliday`, which checks the time again, so an early or repeated sweep
 * changes nothing). Setting a holiday that starts today records its start at once.
 */
import { reject, type Decider } from '../shared/decider.ts';
import {
  evolveHoliday,
  holidayDatesProblem,
  holidayPhase,
  initialHoliday,
  type HolidayEvent,
  type HolidayState,
} from './domain.ts';

export type { HolidayEvent, HolidayState } from './domain.ts';

export type HolidayCommand =
  | { type: 'SetHoliday'; uid: string; from: string; until: string }
  | { type: 'EndHoliday'; uid: string }
  | { type: 'SweepHoliday'; uid: string };

export const holidayDecider: Decider<HolidayState, HolidayCommand, HolidayEvent> = {
  initialState: initialHoliday,
  evolve: evolveHoliday,
  decide: (command, state, { now }) => {
    const at = now.toISOString();
    const time = now.getTime();
    const { uid } = command;
    switch (command.type) {
      case 'SetHoliday': {
        const { from, until } = command;
        const problem = holidayDatesProblem(from, until, time);
        if (problem) return reject('invalid', problem);
        if (state.holiday?.from === from && state.holiday.until === until) return [];
        const starts = holidayPhase({ from, until }, time) === 'away';
        const events: HolidayEvent[] = [];
        // Moved to a later start while away: the listings show again until then.
        if (state.started && !starts)
          events.push({ type: 'HolidayModeEnded', data: { uid, why: 'seller', endedAt: at } });
        events.push({ type: 'HolidayModeSet', data: { uid, from, until, setAt: at } });
        if (starts && !state.started)
          events.push({ type: 'HolidayModeStarted', data: { uid, from, until, startedAt: at } });
        return events;
      }
      case 'EndHoliday':
        if (!state.holiday) return [];
        return [{ type: 'HolidayModeEnded', data: { uid, why: 'seller', endedAt: at } }];
      case 'SweepHoliday': {
        if (!state.holiday) return [];
        const phase = holidayPhase(state.holiday, time);
        if (phase === 'over')
          return [{ type: 'HolidayModeEnded', data: { uid, why: 'ended', endedAt: at } }];
        if (phase === 'away' && !state.started)
          return [
            {
              type: 'HolidayModeStarted',
              data: { uid, ...state.holiday, startedAt: at },
            },
          ];
        return [];
      }
    }
  },
};
