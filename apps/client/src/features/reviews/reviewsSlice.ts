import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ReviewBody, SellerProfile, ShipmentReviews } from '@rewear/contracts';

export interface ProfileState {
  uid: string | null;
  profile: SellerProfile | null;
  status: 'idle' | 'loading' | 'ready' | 'notFound' | 'error';
  error: string | null;
}

/** One shipment's reviews as its buyer or seller sees them, and the form's sending state. */
export interface ShipmentReviewState {
  reviews: ShipmentReviews | null;
  status: 'loading' | 'ready' | 'error';
  error: string | null;
  saving: boolean;
  saveError: string | null;
}

export interface ReviewsState {
  profile: ProfileState;
  shipments: Record<string, ShipmentReviewState>;
}

const initialState: ReviewsState = {
  profile: { uid: null, profile: null, status: 'idle', error: null },
  shipments: {},
};

export interface ReviewSubmission extends ReviewBody {
  shipmentId: string;
  /** Leave a first review, or change the one left. */
  mode: 'leave' | 'edit';
}

const shipmentEntry = (state: ReviewsState, shipmentId: string): ShipmentReviewState =>
  (state.shipments[shipmentId] ??= {
    reviews: null,
    status: 'loading',
    error: null,
    saving: false,
    saveError: null,
  });

const reviewsSlice = createSlice({
  name: 'reviews',
  initialState,
  reducers: {
    profileRequested(state, action: PayloadAction<string>) {
      if (state.profile.uid !== action.payload) state.profile.profile = null;
      state.profile.uid = action.payload;
      state.profile.status = 'loading';
      state.profile.error = null;
    },
    profileLoaded(state, action: PayloadAction<SellerProfile>) {
      if (action.payload.uid !== state.profile.uid) return;
      state.profile.profile = action.payload;
      state.profile.status = 'ready';
    },
    profileNotFound(state) {
      state.profile.profile = null;
      state.profile.status = 'notFound';
    },
    profileFailed(state, action: PayloadAction<string>) {
      state.profile.status = 'error';
      state.profile.error = action.payload;
    },
    shipmentReviewsRequested(state, action: PayloadAction<string>) {
      const entry = shipmentEntry(state, action.payload);
      if (!entry.reviews) entry.status = 'loading';
      entry.error = null;
    },
    shipmentReviewsLoaded(state, action: PayloadAction<ShipmentReviews>) {
      const entry = shipmentEntry(state, action.payload.shipmentId);
      entry.reviews = action.payload;
      entry.status = 'ready';
    },
    shipmentReviewsFailed(state, action: PayloadAction<{ shipmentId: string; message: string }>) {
      const entry = shipmentEntry(state, action.payload.shipmentId);
      entry.status = 'error';
      entry.error = action.payload.message;
    },
    reviewSubmitted(state, action: PayloadAction<ReviewSubmission>) {
      const entry = shipmentEntry(state, action.payload.shipmentId);
      entry.saving = true;
      entry.saveError = null;
    },
    reviewSaved(state, action: PayloadAction<ShipmentReviews>) {
      const entry = shipmentEntry(state, action.payload.shipmentId);
      entry.reviews = action.payload;
      entry.status = 'ready';
      entry.saving = false;
    },
    reviewFailed(state, action: PayloadAction<{ shipmentId: string; message: string }>) {
      const entry = shipmentEntry(state, action.payload.shipmentId);
      entry.saving = false;
      entry.saveError = action.payload.message;
    },
  },
});

export const {
  profileRequested,
  profileLoaded,
  profileNotFound,
  profileFailed,
  shipmentReviewsRequested,
  shipmentReviewsLoaded,
  shipmentReviewsFailed,
  reviewSubmitted,
  reviewSaved,
  reviewFailed,
} = reviewsSlice.actions;
export default reviewsSlice.reducer;

export const selectSellerProfile = (state: { reviews: ReviewsState }) => state.reviews.profile;
export const selectShipmentReview =
  (shipmentId: string) =>
  (state: { reviews: ReviewsState }): ShipmentReviewState | undefined =>
    state.reviews.shipments[shipmentId];
