/**
 * Holiday mode's reads (docs/product.md §14.6): a seller's own holiday, and until when the
 * sellers of some listings are away.
 */
import type { ReadSide } from '@rewear/platform';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import type { HolidayDoc } from './projection.ts';

const holidaysOf = (side: ReadSide) => side.collection<HolidayDoc>(READ_MODELS.holidays);

/** The holiday a seller set (planned or under way), or null. */
export async function holidayOf(
  side: ReadSide,
  uid: string,
): Promise<{ from: string; until: string; started: boolean } | null> {
  const doc = await holidaysOf(side).findOne({ _id: uid }, { readonly: true });
  return doc ? { from: doc.from, until: doc.until, started: doc.started } : null;
}

/** The day the seller is back, while their holiday is under way; else null. */
export async function sellerAwayUntil(side: ReadSide, uid: string): Promise<string | null> {
  const doc = await holidaysOf(side).findOne({ _id: uid }, { readonly: true });
  return doc?.started ? doc.until : null;
}
