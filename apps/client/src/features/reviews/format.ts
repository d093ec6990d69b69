/** Dates and labels the review screens share. */
import type { ReviewView } from '@rewear/contracts';

export const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export const formatMonth = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long' });

/** Can its author still change `review` at `now`? (The server decides; this only hides the button.) */
export const isEditable = (review: ReviewView, now: Date) =>
  now.getTime() < Date.parse(review.editableUntil);

export const fromLabel = (review: ReviewView) =>
  review.authorRole === 'buyer' ? 'From a buyer' : 'From a seller';
