/**
 * Holiday mode is folded by both sides (src/holiday/domain.ts): the holiday the decider folds
 * from a holiday stream and the document the projection keeps from the same events have the same
 * days and the same start, step by step, and the query face reads it back.
 */
import { describe, expect, it } from 'vitest';
import { holidayDecider, type HolidayEvent } from '@rewear/features/holiday/decider';
import {
  holidaysProjector,
  projectHoliday,
  type HolidayDoc,
  type HolidayEnvelope,
} from '@rewear/features/holiday/projection';
import { holidayOf, sellerAwayUntil } from '@rewear/features/holiday/queries';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import { delivered } from './support/delivered.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (i: number) => new Date(T0 + i * 1000).toISOString();
const at = iso(0);

const set = (from: string, until: string): HolidayEvent => ({
  type: 'HolidayModeSet',
  data: { uid: 's1', from, until, setAt: at },
});
const started = (from: string, until: string): HolidayEvent => ({
  type: 'HolidayModeStarted',
  data: { uid: 's1', from, until, startedAt: at },
});
const ended = (why: 'seller' | 'ended'): HolidayEvent => ({
  type: 'HolidayModeEnded',
  data: { uid: 's1', why, endedAt: at },
});

const STREAMS: Array<[string, HolidayEvent[]]> = [
  ['planned', [set('2026-03-10', '2026-03-20')]],
  ['set and started', [set('2026-03-01', '2026-03-20'), started('2026-03-01', '2026-03-20')]],
  [
    'ended by itself',
    [set('2026-03-01', '2026-03-20'), started('2026-03-01', '2026-03-20'), ended('ended')],
  ],
  ['a planned one dropped', [set('2026-03-10', '2026-03-20'), ended('seller')]],
  [
    'moved while away',
    [
      set('2026-03-01', '2026-03-20'),
      started('2026-03-01', '2026-03-20'),
      set('2026-03-01', '2026-04-01'),
    ],
  ],
  [
    'set again after one ended',
    [set('2026-03-01', '2026-03-05'), ended('seller'), set('2026-03-10', '2026-03-12')],
  ],
];

describe('a holiday, the same on both sides', () => {
  it.each(STREAMS)('%s', (_, events) => {
    const envelopes = delivered<HolidayEnvelope>('holiday-s1', events, iso);
    let state = holidayDecider.initialState();
    let doc: HolidayDoc | null = null;
    envelopes.forEach((envelope, i) => {
      state = holidayDecider.evolve(state, events[i]!);
      doc = projectHoliday(doc, envelope);
      const projected = doc && { from: doc.from, until: doc.until, started: doc.started };
      const folded = state.holiday && { ...state.holiday, started: state.started };
      expect(folded, `after event ${i + 1}`).toEqual(projected);
    });
  });

  it('reads the holiday back, and until when the seller is away once it started', async () => {
    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    const events = [set('2026-03-01', '2026-03-20')];
    for (const envelope of delivered<HolidayEnvelope>('holiday-s1', events, iso))
      await holidaysProjector.apply(envelope, side);
    expect(await holidayOf(side, 's1')).toEqual({
      from: '2026-03-01',
      until: '2026-03-20',
      started: false,
    });
    expect(await sellerAwayUntil(side, 's1')).toBeNull();
    const more = delivered<HolidayEnvelope>(
      'holiday-s1',
      [...events, started('2026-03-01', '2026-03-20')],
      iso,
    );
    await holidaysProjector.apply(more[1]!, side);
    expect(await sellerAwayUntil(side, 's1')).toBe('2026-03-20');
    expect(await holidayOf(side, 'someone-else')).toBeNull();
  });
});
