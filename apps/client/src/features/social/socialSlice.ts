/**
 * Follows, blocks and saved searches (docs/product.md §14, §14.4): follower counts by seller, the
 * home page's row of followed sellers' listings, whom the user blocks, and their saved searches. Follows and the opening of
 * a search show at once (optimistic) and go back if the server refuses.
 */
import { createAction, createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  BlockedMembers,
  FollowStatus,
  NotificationView,
  Product,
  SaveSearchBody,
  SavedSearchView,
} from '@rewear/contracts';
import { sessionEnded } from '../auth/authSlice.ts';

type Status = 'idle' | 'loading' | 'loaded' | 'failed';

export interface SocialState {
  follows: Record<string, FollowStatus & { pending: boolean; error: string | null }>;
  followedRow: { status: Status; followingCount: number; products: Product[] };
  savedSearches: { status: Status; items: SavedSearchView[]; error: string | null };
  saving: { status: 'idle' | 'saving' | 'saved' | 'failed'; error: string | null };
  /** Whether the user blocks a member, by member (their own blocks only). */
  blocks: Record<string, { blocked: boolean; pending: boolean; error: string | null }>;
  blockedList: { status: Status; items: BlockedMembers['blocked']; error: string | null };
}

export const initialSocialState: SocialState = {
  follows: {},
  followedRow: { status: 'idle', followingCount: 0, products: [] },
  savedSearches: { status: 'idle', items: [], error: null },
  saving: { status: 'idle', error: null },
  blocks: {},
  blockedList: { status: 'idle', items: [], error: null },
};

const socialSlice = createSlice({
  name: 'social',
  initialState: initialSocialState,
  reducers: {
    followStatusRequested: (_state, _action: PayloadAction<string>) => {},
    followStatusLoaded(state, action: PayloadAction<FollowStatus>) {
      const current = state.follows[action.payload.sellerId];
      // A toggle in flight wins over an answer read before it.
      if (current?.pending) return;
      state.follows[action.payload.sellerId] = { ...action.payload, pending: false, error: null };
    },
    followToggled(state, action: PayloadAction<{ sellerId: string; follow: boolean }>) {
      const { sellerId, follow } = action.payload;
      const current = state.follows[sellerId] ?? { sellerId, followerCount: 0, following: false };
      if (current.following === follow) return;
      state.follows[sellerId] = {
        sellerId,
        following: follow,
        followerCount: Math.max(0, current.followerCount + (follow ? 1 : -1)),
        pending: true,
        error: null,
      };
    },
    followSettled(state, action: PayloadAction<string>) {
      const current = state.follows[action.payload];
      if (current) current.pending = false;
    },
    followFailed(
      state,
      action: PayloadAction<{ sellerId: string; follow: boolean; error: string }>,
    ) {
      const { sellerId, follow, error } = action.payload;
      const current = state.follows[sellerId];
      if (!current) return;
      // Back to before the toggle.
      current.following = !follow;
      current.followerCount = Math.max(0, current.followerCount + (follow ? -1 : 1));
      current.pending = false;
      current.error = error;
    },
    followedListingsRequested(state) {
      if (state.followedRow.status !== 'loaded') state.followedRow.status = 'loading';
    },
    followedListingsLoaded(
      state,
      action: PayloadAction<{ followingCount: number; products: Product[] }>,
    ) {
      state.followedRow = { status: 'loaded', ...action.payload };
    },
    followedListingsFailed(state) {
      state.followedRow.status = 'failed';
    },
    savedSearchesRequested(state) {
      if (state.savedSearches.status !== 'loaded') state.savedSearches.status = 'loading';
    },
    savedSearchesLoaded(state, action: PayloadAction<SavedSearchView[]>) {
      state.savedSearches = { status: 'loaded', items: action.payload, error: null };
    },
    savedSearchesFailed(state, action: PayloadAction<string>) {
      state.savedSearches.status = 'failed';
      state.savedSearches.error = action.payload;
    },
    searchSaveRequested(state, _action: PayloadAction<SaveSearchBody>) {
      state.saving = { status: 'saving', error: null };
    },
    searchSaved(state) {
      state.saving = { status: 'saved', error: null };
    },
    searchSaveFailed(state, action: PayloadAction<string>) {
      state.saving = { status: 'failed', error: action.payload };
    },
    searchSaveReset(state) {
      state.saving = { status: 'idle', error: null };
    },
    /** Opening a search: its new matches are seen (the saga tells the server). */
    savedSearchOpened(state, action: PayloadAction<string>) {
      const search = state.savedSearches.items.find((item) => item.id === action.payload);
      if (search) search.newMatches = 0;
    },
    savedSearchDeleted(state, action: PayloadAction<string>) {
      state.savedSearches.items = state.savedSearches.items.filter(
        (item) => item.id !== action.payload,
      );
    },
    blockStatusRequested: (_state, _action: PayloadAction<string>) => {},
    blockStatusLoaded(state, action: PayloadAction<{ memberId: string; blocked: boolean }>) {
      const { memberId, blocked } = action.payload;
      // A toggle in flight wins over an answer read before it.
      if (state.blocks[memberId]?.pending) return;
      state.blocks[memberId] = { blocked, pending: false, error: null };
    },
    /** Blocking or unblocking a member: shown at once, undone if the server refuses. */
    blockToggled(state, action: PayloadAction<{ memberId: string; block: boolean }>) {
      const { memberId, block } = action.payload;
      state.blocks[memberId] = { blocked: block, pending: true, error: null };
      if (!block)
        state.blockedList.items = state.blockedList.items.filter((m) => m.uid !== memberId);
    },
    blockSettled(state, action: PayloadAction<string>) {
      const current = state.blocks[action.payload];
      if (current) current.pending = false;
    },
    blockFailed(state, action: PayloadAction<{ memberId: string; block: boolean; error: string }>) {
      const { memberId, block, error } = action.payload;
      state.blocks[memberId] = { blocked: !block, pending: false, error };
    },
    blockedMembersRequested(state) {
      if (state.blockedList.status !== 'loaded') state.blockedList.status = 'loading';
    },
    blockedMembersLoaded(state, action: PayloadAction<BlockedMembers['blocked']>) {
      state.blockedList = { status: 'loaded', items: action.payload, error: null };
    },
    blockedMembersFailed(state, action: PayloadAction<string>) {
      state.blockedList.status = 'failed';
      state.blockedList.error = action.payload;
    },
  },
  // Whom one follows or blocks and what one saved are the user's own: forgotten at sign-out.
  extraReducers: (builder) => builder.addCase(sessionEnded, () => initialSocialState),
});

/**
 * A notification arriving live in an open tab (dispatched by the live notifications' code): the
 * saved searches re-read their counts when one of theirs matched.
 */
export const notificationReceived = createAction<NotificationView>('notifications/received');

export const {
  followStatusRequested,
  followStatusLoaded,
  followToggled,
  followSettled,
  followFailed,
  followedListingsRequested,
  followedListingsLoaded,
  followedListingsFailed,
  savedSearchesRequested,
  savedSearchesLoaded,
  savedSearchesFailed,
  searchSaveRequested,
  searchSaved,
  searchSaveFailed,
  searchSaveReset,
  savedSearchOpened,
  savedSearchDeleted,
  blockStatusRequested,
  blockStatusLoaded,
  blockToggled,
  blockSettled,
  blockFailed,
  blockedMembersRequested,
  blockedMembersLoaded,
  blockedMembersFailed,
} = socialSlice.actions;

type WithSocial = { social: SocialState };
export const selectFollow = (sellerId: string) => (state: WithSocial) =>
  state.social.follows[sellerId] ?? null;
export const selectFollowedRow = (state: WithSocial) => state.social.followedRow;
export const selectSavedSearches = (state: WithSocial) => state.social.savedSearches;
export const selectSaving = (state: WithSocial) => state.social.saving;
export const selectBlock = (memberId: string) => (state: WithSocial) =>
  state.social.blocks[memberId] ?? null;
export const selectBlockedList = (state: WithSocial) => state.social.blockedList;
/**
 * The members this user blocks as the client knows it now (a block just sent included): their
 * conversations leave the Messages list at once, before the read side has the block.
 */
export const selectBlockedIds = createSelector(
  (state: WithSocial) => state.social.blocks,
  (blocks) =>
    new Set(
      Object.entries(blocks)
        .filter(([, block]) => block.blocked)
        .map(([memberId]) => memberId),
    ),
);

export default socialSlice.reducer;
