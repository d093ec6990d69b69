import { describe, expect, it } from 'vitest';
import { holidayDecider, type HolidayEvent } from '@rewear/features/holiday/decider';
import { awayUntilAt, initialHoliday, evolveHoliday } from '@rewear/features/holiday/domain';
import { given, NOW } from './given.ts';

// NOW is 2026-03-01T12:00Z.
const at = NOW.toISOString();
const set = (from: string, until: string, setAt = at): HolidayEvent => ({
  type: 'HolidayModeSet',
  data: { uid: 's1', from, until, setAt },
});
const started = (from: string, until: string, startedAt = at): HolidayEvent => ({
  type: 'HolidayModeStarted',
  data: { uid: 's1', from, until, startedAt },
});
const ended = (why: 'seller' | 'ended', endedAt = at): HolidayEvent => ({
  type: 'HolidayModeEnded',
  data: { uid: 's1', why, endedAt },
});
const setHoliday = (from: string, until: string) =>
  ({ type: 'SetHoliday', uid: 's1', from, until }) as const;
const end = { type: 'EndHoliday', uid: 's1' } as const;
const sweep = { type: 'SweepHoliday', uid: 's1' } as const;

describe('holiday decider', () => {
  it('given nothing, when a holiday starting today is set, then it is set and starts at once', () => {
    given(holidayDecider, [])
      .when(setHoliday('2026-03-01', '2026-03-15'))
      .then([set('2026-03-01', '2026-03-15'), started('2026-03-01', '2026-03-15')]);
  });

  it('given nothing, when a holiday starting later is set, then it is set and not started', () => {
    given(holidayDecider, [])
      .when(setHoliday('2026-03-10', '2026-03-20'))
      .then([set('2026-03-10', '2026-03-20')]);
  });

  it('given nothing, when the dates are bad, then it is refused with the reason', () => {
    given(holidayDecider, [])
      .when(setHoliday('2026-03-10', '2026-03-10'))
      .thenRejects('invalid', 'The end date must be after the start date');
    given(holidayDecider, [])
      .when(setHoliday('2026-03-10', '2026-03-05'))
      .thenRejects('invalid', 'The end date must be after the start date');
    given(holidayDecider, [])
      .when(setHoliday('2026-02-28', '2026-03-05'))
      .thenRejects('invalid', 'The start date cannot be in the past');
    given(holidayDecider, [])
      .when(setHoliday('2026-03-01', '2026-05-31'))
      .thenRejects('invalid', 'Choose an end date at most 90 days away');
  });

  it('given nothing, when the end is exactly 90 days after the start, then it is set', () => {
    given(holidayDecider, [])
      .when(setHoliday('2026-03-02', '2026-05-31'))
      .then([set('2026-03-02', '2026-05-31')]);
  });

  it('given a holiday under way, when the seller ends it, then it ends by the seller', () => {
    given(holidayDecider, [set('2026-03-01', '2026-03-15'), started('2026-03-01', '2026-03-15')])
      .when(end)
      .then([ended('seller')]);
  });

  it('given a planned holiday, when the seller ends it, then it is dropped', () => {
    given(holidayDecider, [set('2026-03-10', '2026-03-20')])
      .when(end)
      .then([ended('seller')]);
  });

  it('given no holiday, when the seller ends it, then nothing changes', () => {
    given(holidayDecider, []).when(end).then([]);
    given(holidayDecider, [set('2026-03-01', '2026-03-05'), ended('seller')])
      .when(end)
      .then([]);
  });

  it('given a planned holiday, when swept before its start, then nothing changes', () => {
    given(holidayDecider, [set('2026-03-10', '2026-03-20')])
      .when(sweep)
      .then([]);
  });

  it('given a planned holiday, when swept on its first day, then it starts', () => {
    const day = new Date('2026-03-10T00:00:30.000Z');
    given(holidayDecider, [set('2026-03-10', '2026-03-20')])
      .when(sweep, day)
      .then([started('2026-03-10', '2026-03-20', day.toISOString())]);
  });

  it('given a holiday under way, when swept on its end date, then it ends by itself', () => {
    const back = new Date('2026-03-20T00:01:00.000Z');
    given(holidayDecider, [set('2026-03-10', '2026-03-20'), started('2026-03-10', '2026-03-20')])
      .when(sweep, back)
      .then([ended('ended', back.toISOString())]);
  });

  it('given a holiday under way, when swept before its end, then nothing changes', () => {
    given(holidayDecider, [set('2026-03-01', '2026-03-20'), started('2026-03-01', '2026-03-20')])
      .when(sweep, new Date('2026-03-19T23:59:59.000Z'))
      .then([]);
  });

  it('given a planned holiday never started, when swept after its end, then it ends by itself', () => {
    const late = new Date('2026-03-21T08:00:00.000Z');
    given(holidayDecider, [set('2026-03-10', '2026-03-20')])
      .when(sweep, late)
      .then([ended('ended', late.toISOString())]);
  });

  it('given a holiday under way, when moved to start later, then it ends now and is planned', () => {
    given(holidayDecider, [set('2026-03-01', '2026-03-15'), started('2026-03-01', '2026-03-15')])
      .when(setHoliday('2026-03-05', '2026-03-15'))
      .then([ended('seller'), set('2026-03-05', '2026-03-15')]);
  });

  it('given a holiday under way, when its end is moved, then it stays started', () => {
    given(holidayDecider, [set('2026-03-01', '2026-03-15'), started('2026-03-01', '2026-03-15')])
      .when(setHoliday('2026-03-01', '2026-03-25'))
      .then([set('2026-03-01', '2026-03-25')]);
  });

  it('given the same holiday, when set again, then nothing changes', () => {
    given(holidayDecider, [set('2026-03-10', '2026-03-20')])
      .when(setHoliday('2026-03-10', '2026-03-20'))
      .then([]);
  });
});

describe('whether a seller is away, read from the dates', () => {
  const state = [set('2026-03-10', '2026-03-20')].reduce(evolveHoliday, initialHoliday());
  it.each([
    ['2026-03-09T23:59:59.999Z', null],
    ['2026-03-10T00:00:00.000Z', '2026-03-20'],
    ['2026-03-19T23:59:59.999Z', '2026-03-20'],
    ['2026-03-20T00:00:00.000Z', null],
  ])('at %s: away until %s', (time, until) => {
    expect(awayUntilAt(state, Date.parse(time))).toBe(until);
  });
});
