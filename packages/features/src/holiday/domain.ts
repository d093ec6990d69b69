/**
 * Holiday mode's domain (docs/product.md §14.6): a seller away from one day until another (at
 * most 90 days), their listings hidden meanwhile. Days are UTC calendar days (YYYY-MM-DD); a
 * holiday runs from 00:00 UTC of `from` to 00:00 UTC of `until`, the day the seller is back.
 * Both sides fold the same state; whether a seller is away at a time is read from the dates, so a
 * step taken before the sweeper appended the start or the end still sees the holiday as it is.
 * Pure.
 */
import type { EventOf } from '@rewear/contracts';
import { HOLIDAY_MAX_DAYS } from '@rewear/contracts';

/** The events of a holiday stream (`holiday-{uid}`). */
export const HOLIDAY_EVENTS = ['HolidayModeSet', 'HolidayModeStarted', 'HolidayModeEnded'] as const;

export type HolidayEvent = EventOf<(typeof HOLIDAY_EVENTS)[number]>;

export interface HolidayState {
  /** The holiday set (planned or under way); null when there is none. */
  holiday: { from: string; until: string } | null;
  /** Whether its start was recorded (the listings are hidden). */
  started: boolean;
}

export const initialHoliday = (): HolidayState => ({ holiday: null, started: false });

export function evolveHoliday(state: HolidayState, event: HolidayEvent): HolidayState {
  switch (event.type) {
    case 'HolidayModeSet':
      return { ...state, holiday: { from: event.data.from, until: event.data.until } };
    case 'HolidayModeStarted':
      return { ...state, started: true };
    case 'HolidayModeEnded':
      return initialHoliday();
  }
}

const DAY_MS = 86_400_000;

/** Milliseconds since the epoch of 00:00 UTC on `day`. */
export const dayStartMs = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/** The UTC day of a time, YYYY-MM-DD. */
export const dayOf = (at: Date | number): string => new Date(at).toISOString().slice(0, 10);

/** Whole days from `from` to `until` (negative when `until` is earlier). */
export const daysBetween = (from: string, until: string): number =>
  Math.round((dayStartMs(until) - dayStartMs(from)) / DAY_MS);

/** Where a holiday stands at `now`: planned, under way, or over (its end date reached). */
export function holidayPhase(
  holiday: { from: string; until: string },
  now: number,
): 'planned' | 'away' | 'over' {
  if (now >= dayStartMs(holiday.until)) return 'over';
  if (now >= dayStartMs(holiday.from)) return 'away';
  return 'planned';
}

/** The day a seller is back when they are away at `now`; null when they are not. */
export const awayUntilAt = (state: HolidayState, now: number): string | null =>
  state.holiday && holidayPhase(state.holiday, now) === 'away' ? state.holiday.until : null;

/** What a buyer is told when a step waits for the seller's return. */
export const sellerAwayMessage = (until: string) => `The seller is away until ${until}`;

/**
 * Why the dates cannot be a holiday chosen at `now`, or null when they can: the end after the
 * start, the start today or later, the end at most 90 days after the start.
 */
export function holidayDatesProblem(from: string, until: string, now: number): string | null {
  if (daysBetween(from, until) <= 0) return 'The end date must be after the start date';
  if (dayStartMs(from) < dayStartMs(dayOf(now))) return 'The start date cannot be in the past';
  if (daysBetween(from, until) > HOLIDAY_MAX_DAYS)
    return `Choose an end date at most ${HOLIDAY_MAX_DAYS} days away`;
  return null;
}
