import { call, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type {
  BlockStatus,
  BlockedMembers,
  FollowStatus,
  FollowedListings,
  NotificationView,
  SaveSearchBody,
  SavedSearchView,
} from '@rewear/contracts';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import {
  describeCommand,
  KeptForLaterError,
  sendCommand,
  sendUserCommand,
} from '../../api/command.ts';
import { selectIsSignedIn } from '../auth/authSlice.ts';
import { socialApi, type SocialApi } from './api.ts';
import {
  blockFailed,
  blockSettled,
  blockStatusLoaded,
  blockStatusRequested,
  blockToggled,
  blockedMembersFailed,
  blockedMembersLoaded,
  blockedMembersRequested,
  followFailed,
  followSettled,
  followStatusLoaded,
  followStatusRequested,
  followToggled,
  followedListingsFailed,
  followedListingsLoaded,
  followedListingsRequested,
  notificationReceived,
  savedSearchDeleted,
  savedSearchOpened,
  savedSearchesFailed,
  savedSearchesLoaded,
  savedSearchesRequested,
  searchSaveFailed,
  searchSaveRequested,
  searchSaved,
  selectSavedSearches,
  type SocialState,
} from './socialSlice.ts';

export const SAVED_SEARCHES_FAILED = 'Failed to load your saved searches';
const messageOf = (err: unknown, fallback: string) =>
  err instanceof ApiError ? err.message : fallback;

function* loadFollowStatus(api: SocialApi, action: PayloadAction<string>) {
  try {
    const status: FollowStatus = yield call(api.followStatus, action.payload);
    yield put(followStatusLoaded(status));
  } catch {
    // The count stays unknown: the button still works.
  }
}

function* toggleFollow(action: PayloadAction<{ sellerId: string; follow: boolean }>) {
  const { sellerId, follow } = action.payload;
  try {
    const request = describeCommand((http) =>
      follow ? socialApi(http).follow(sellerId) : socialApi(http).unfollow(sellerId),
    );
    yield call(sendUserCommand, request, action);
    yield put(followSettled(sellerId));
  } catch (err) {
    if (err instanceof KeptForLaterError) return;
    yield put(followFailed({ sellerId, follow, error: messageOf(err, 'Could not follow') }));
  }
}

function* loadFollowedListings(api: SocialApi) {
  const signedIn: boolean = yield select(selectIsSignedIn);
  if (!signedIn) return;
  try {
    const row: FollowedListings = yield call(api.followedListings);
    yield put(followedListingsLoaded(row));
  } catch {
    yield put(followedListingsFailed());
  }
}

function* loadSavedSearches(api: SocialApi) {
  const signedIn: boolean = yield select(selectIsSignedIn);
  if (!signedIn) return;
  try {
    const items: SavedSearchView[] = yield call(api.savedSearches);
    yield put(savedSearchesLoaded(items));
  } catch {
    yield put(savedSearchesFailed(SAVED_SEARCHES_FAILED));
  }
}

function* saveSearch(api: SocialApi, action: PayloadAction<SaveSearchBody>) {
  try {
    yield call(sendCommand, (options: RequestOptions) => api.saveSearch(action.payload, options));
    yield put(searchSaved());
    yield put(savedSearchesRequested());
  } catch (err) {
    yield put(searchSaveFailed(messageOf(err, 'Could not save the search')));
  }
}

function* markOpened(api: SocialApi, action: PayloadAction<string>) {
  try {
    yield call(sendCommand, (options: RequestOptions) =>
      api.markSearchOpened(action.payload, options),
    );
  } catch {
    // The count shows seen here; the next read of the list says how the server has it.
  }
}

function* deleteSearch(api: SocialApi, action: PayloadAction<string>) {
  try {
    yield call(sendCommand, (options: RequestOptions) => api.deleteSearch(action.payload, options));
  } catch {
    yield put(savedSearchesRequested());
  }
}

function* loadBlockStatus(api: SocialApi, action: PayloadAction<string>) {
  const signedIn: boolean = yield select(selectIsSignedIn);
  if (!signedIn) return;
  try {
    const status: BlockStatus = yield call(api.blockStatus, action.payload);
    yield put(blockStatusLoaded(status));
  } catch {
    // Unknown: the button reads "Block", and blocking twice changes nothing.
  }
}

function* toggleBlock(action: PayloadAction<{ memberId: string; block: boolean }>) {
  const { memberId, block } = action.payload;
  try {
    const request = describeCommand((http) =>
      block ? socialApi(http).block(memberId) : socialApi(http).unblock(memberId),
    );
    yield call(sendUserCommand, request, action);
    yield put(blockSettled(memberId));
  } catch (err) {
    if (err instanceof KeptForLaterError) return;
    const error = messageOf(err, block ? 'Could not block' : 'Could not unblock');
    yield put(blockFailed({ memberId, block, error }));
  }
}

function* loadBlockedMembers(api: SocialApi) {
  try {
    const list: BlockedMembers = yield call(api.blockedMembers);
    yield put(blockedMembersLoaded(list.blocked));
  } catch (err) {
    yield put(blockedMembersFailed(messageOf(err, 'Failed to load the members you blocked')));
  }
}

/** A saved search matched while the list is shown: its counts are read again. */
function* onNotification(action: PayloadAction<NotificationView>) {
  if (action.payload.kind !== 'saved_search_match') return;
  const list: SocialState['savedSearches'] = yield select(selectSavedSearches);
  if (list.status === 'loaded') yield put(savedSearchesRequested());
}

export function* socialSaga() {
  const http: Api = yield getContext('api');
  const api = socialApi(http);
  yield takeEvery(followStatusRequested.type, loadFollowStatus, api);
  yield takeEvery(followToggled.type, toggleFollow);
  yield takeLatest(followedListingsRequested.type, loadFollowedListings, api);
  yield takeLatest(savedSearchesRequested.type, loadSavedSearches, api);
  yield takeLatest(searchSaveRequested.type, saveSearch, api);
  yield takeEvery(savedSearchOpened.type, markOpened, api);
  yield takeEvery(savedSearchDeleted.type, deleteSearch, api);
  yield takeEvery(notificationReceived.type, onNotification);
  yield takeEvery(blockStatusRequested.type, loadBlockStatus, api);
  yield takeEvery(blockToggled.type, toggleBlock);
  yield takeLatest(blockedMembersRequested.type, loadBlockedMembers, api);
}
