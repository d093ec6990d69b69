/**
 * Holiday mode's read face (docs/product.md §14.6): one document per seller with a holiday set
 * (`holidays`), gone once it ended. The product page reads it to say until when the seller is
 * away; the catalogue hides and shows the seller's listings from the same events
 * (apps/projectors: `sellerHiddenJob`).
 */
import type { EnvelopeOf } from '@rewear/contracts';
import { documentProjector, type Doc } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { HOLIDAY_EVENTS } from './domain.ts';

export { HOLIDAY_EVENTS } from './domain.ts';

export interface HolidayDoc extends Doc {
  _id: string;
  from: string;
  until: string;
  /** Whether it started (the seller's listings are hidden). */
  started: boolean;
}

export type HolidayEnvelope = EnvelopeOf<(typeof HOLIDAY_EVENTS)[number]>;

/** Pure: the seller's holiday after an event (null: none). */
export function projectHoliday(
  current: HolidayDoc | null,
  event: HolidayEnvelope,
): HolidayDoc | null {
  switch (event.type) {
    case 'HolidayModeSet':
      return {
        _id: event.data.uid,
        from: event.data.from,
        until: event.data.until,
        started: current?.started ?? false,
      };
    case 'HolidayModeStarted':
      return current ? { ...current, started: true } : current;
    case 'HolidayModeEnded':
      return null;
  }
}

export const holidaysProjector = documentProjector({
  name: 'holidays',
  collectionName: READ_MODELS.holidays,
  canHandle: HOLIDAY_EVENTS,
  documentId: (event) => event.data.uid,
  evolve: projectHoliday,
});
