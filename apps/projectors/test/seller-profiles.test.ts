import { describe, expect, it } from 'vitest';
import type { EventData } from '@rewear/contracts';
import { READ_MODELS } from '@rewear/features/shared/read-models';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import {
  emptyProfile,
  projectProfile,
  sellerProfilesProjector,
  type ProfileEvent,
} from '../src/index.ts';
import {
  emptySellerRating,
  projectSellerRating,
  type SellerProfileDoc,
} from '@rewear/features/review/projection';
import { envelope } from './events.ts';

const left = (
  shipmentId: string,
  rating: number,
  leftAt: string,
  authorId = 'b1',
): EventData<'ReviewLeft'> => ({
  shipmentId,
  authorId,
  authorRole: 'buyer',
  subjectId: 's1',
  rating,
  text: `Review of ${shipmentId}`,
  leftAt,
});
const edited = (
  shipmentId: string,
  rating: number,
  editedAt: string,
): EventData<'ReviewEdited'> => ({
  shipmentId,
  authorId: 'b1',
  authorRole: 'buyer',
  subjectId: 's1',
  rating,
  text: 'Changed my mind',
  editedAt,
});

const replay = (events: ProfileEvent[]) =>
  events.reduce<SellerProfileDoc>((doc, e) => projectProfile(doc, e), emptyProfile('s1'));

const registered = envelope(
  'UserRegistered',
  { uid: 's1', email: 's1@example.com', displayName: 'Sam', photoUrl: null },
  { occurredAt: '2025-06-01T09:00:00.000Z' },
);

describe('seller profiles', () => {
  it('keeps the name and member since, and the reviews newest first with their rating', () => {
    const doc = replay([
      registered,
      envelope('ReviewLeft', left('o1.s1', 5, '2026-03-01T12:00:00.000Z')),
      envelope('ReviewLeft', left('o2.s1', 2, '2026-03-03T12:00:00.000Z', 'b2')),
    ]);
    expect(doc).toMatchObject({
      _id: 's1',
      display_name: 'Sam',
      member_since: '2025-06-01T09:00:00.000Z',
      rating_count: 2,
      rating_sum: 7,
    });
    expect(doc.reviews.map((r) => r.shipment_id)).toEqual(['o2.s1', 'o1.s1']);
  });

  it('leaves out a review of oneself (recorded before buying one’s own listing was refused), and its edits', () => {
    const doc = replay([
      registered,
      envelope('ReviewLeft', left('o1.s1', 5, '2026-03-01T12:00:00.000Z', 's1')),
      envelope('ReviewEdited', {
        ...edited('o1.s1', 4, '2026-03-02T12:00:00.000Z'),
        authorId: 's1',
      }),
      envelope('ReviewLeft', left('o2.s1', 2, '2026-03-03T12:00:00.000Z', 'b2')),
    ]);
    expect(doc).toMatchObject({ rating_count: 1, rating_sum: 2 });
    expect(doc.reviews.map((r) => r.author_id)).toEqual(['b2']);
  });

  it('counts a redelivered review once', () => {
    const review = envelope('ReviewLeft', left('o1.s1', 4, '2026-03-01T12:00:00.000Z'));
    const once = replay([review]);
    expect(projectProfile(once, review)).toBe(once);
    expect(once.rating_count).toBe(1);
  });

  it('an edit replaces the stars and text; a redelivered older edit does not undo a newer one', () => {
    const first = envelope('ReviewEdited', edited('o1.s1', 3, '2026-03-02T12:00:00.000Z'));
    const second = envelope('ReviewEdited', edited('o1.s1', 1, '2026-03-03T12:00:00.000Z'));
    const doc = replay([
      envelope('ReviewLeft', left('o1.s1', 5, '2026-03-01T12:00:00.000Z')),
      first,
      second,
      first,
    ]);
    expect(doc.rating_sum).toBe(1);
    expect(doc.reviews[0]).toMatchObject({
      rating: 1,
      text: 'Changed my mind',
      edited_at: '2026-03-03T12:00:00.000Z',
      left_at: '2026-03-01T12:00:00.000Z',
    });
  });

  it('reviews arriving before the registration keep the profile; the name comes later', () => {
    const doc = replay([
      envelope('ReviewLeft', left('o1.s1', 5, '2026-03-01T12:00:00.000Z')),
      registered,
    ]);
    expect(doc.display_name).toBe('Sam');
    expect(doc.rating_count).toBe(1);
  });

  it("writes a review to its subject's document, through the projector", async () => {
    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    await sellerProfilesProjector.apply(registered, side);
    await sellerProfilesProjector.apply(
      envelope('ReviewLeft', left('o1.s1', 4, '2026-03-01T12:00:00.000Z')),
      side,
    );
    const doc = await store
      .collection<SellerProfileDoc>(READ_MODELS.sellerProfiles)
      .findOne({ _id: 's1' });
    expect(doc).toMatchObject({ display_name: 'Sam', rating_count: 1, rating_sum: 4 });
  });
});

describe('the seller rating the catalogue carries', () => {
  it('counts the reviews others left, never one of oneself', () => {
    const rating = [
      envelope('ReviewLeft', left('o1.s1', 5, '2026-03-01T12:00:00.000Z', 's1')),
      envelope('ReviewLeft', left('o2.s1', 3, '2026-03-03T12:00:00.000Z', 'b2')),
      envelope('ReviewLeft', left('o3.s1', 4, '2026-03-04T12:00:00.000Z', 'b3')),
    ].reduce((doc, e) => projectSellerRating(doc, e), emptySellerRating('s1'));
    expect(rating).toMatchObject({ rating_count: 2, rating_sum: 7 });
  });
});
