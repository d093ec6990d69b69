import { all, call, getContext, put, takeEvery, takeLatest } from 'redux-saga/effects';
import type { SellerProfile, ShipmentReviews } from '@rewear/contracts';
import { ApiError, errorMessage, type Api } from '../../api/http.ts';
import { sendCommand } from '../../api/command.ts';
import type { RequestOptions } from '../../api/http.ts';
import { reviewsApi, type ReviewsApi } from './api.ts';
import {
  profileFailed,
  profileLoaded,
  profileNotFound,
  profileRequested,
  reviewFailed,
  reviewSaved,
  reviewSubmitted,
  shipmentReviewsFailed,
  shipmentReviewsLoaded,
  shipmentReviewsRequested,
} from './reviewsSlice.ts';

function* loadProfile(api: ReviewsApi, action: ReturnType<typeof profileRequested>) {
  try {
    const profile: SellerProfile = yield call(api.sellerProfile, action.payload);
    yield put(profileLoaded(profile));
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      yield put(profileNotFound());
    else yield put(profileFailed(errorMessage(error, 'Failed to load this profile')));
  }
}

function* loadShipmentReviews(
  api: ReviewsApi,
  action: ReturnType<typeof shipmentReviewsRequested>,
) {
  try {
    const reviews: ShipmentReviews = yield call(api.shipmentReviews, action.payload);
    yield put(shipmentReviewsLoaded(reviews));
  } catch (error) {
    yield put(
      shipmentReviewsFailed({
        shipmentId: action.payload,
        message: errorMessage(error, 'Failed to load the reviews'),
      }),
    );
  }
}

/** Sends the review, then reads the shipment's reviews at the command's position. */
function* submitReview(api: ReviewsApi, action: ReturnType<typeof reviewSubmitted>) {
  const { shipmentId, mode, rating, text } = action.payload;
  const send = mode === 'leave' ? api.leaveReview : api.editReview;
  try {
    yield call(sendCommand, (options: RequestOptions) =>
      send(shipmentId, { rating, text }, options),
    );
    const reviews: ShipmentReviews = yield call(api.shipmentReviews, shipmentId);
    yield put(reviewSaved(reviews));
  } catch (error) {
    yield put(
      reviewFailed({ shipmentId, message: errorMessage(error, 'Your review could not be saved') }),
    );
  }
}

export function* reviewsSaga() {
  const http: Api = yield getContext('api');
  const api = reviewsApi(http);
  yield all([
    takeLatest(profileRequested.type, loadProfile, api),
    takeEvery(shipmentReviewsRequested.type, loadShipmentReviews, api),
    takeEvery(reviewSubmitted.type, submitReview, api),
  ]);
}
