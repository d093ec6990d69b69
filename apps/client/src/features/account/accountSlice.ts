/** The member's data as loaded for the data page, and the account's deletion. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MemberData } from '@rewear/contracts';

export interface AccountState {
  data: MemberData | null;
  loading: boolean;
  loadError: string | null;
  deletion: 'idle' | 'deleting' | 'deleted' | 'refused';
  /** Why the deletion was refused (an open order or sale), in the server's words. */
  deletionError: string | null;
}

export const initialAccountState: AccountState = {
  data: null,
  loading: false,
  loadError: null,
  deletion: 'idle',
  deletionError: null,
};

const accountSlice = createSlice({
  name: 'account',
  initialState: initialAccountState,
  reducers: {
    memberDataRequested(state) {
      state.loading = true;
      state.loadError = null;
    },
    memberDataLoaded(state, action: PayloadAction<MemberData>) {
      state.loading = false;
      state.data = action.payload;
    },
    memberDataFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.loadError = action.payload;
    },
    accountDeletionRequested(state) {
      state.deletion = 'deleting';
      state.deletionError = null;
    },
    accountDeleted(state) {
      state.deletion = 'deleted';
      state.data = null;
    },
    accountDeletionRefused(state, action: PayloadAction<string>) {
      state.deletion = 'refused';
      state.deletionError = action.payload;
    },
  },
});

export const {
  memberDataRequested,
  memberDataLoaded,
  memberDataFailed,
  accountDeletionRequested,
  accountDeleted,
  accountDeletionRefused,
} = accountSlice.actions;
export const selectAccount = (state: { account: AccountState }) => state.account;
export default accountSlice.reducer;
