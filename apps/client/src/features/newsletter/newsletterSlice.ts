import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

type Status = 'idle' | 'submitting' | 'success' | 'error';

export interface NewsletterState {
  status: Status;
  message: string | null;
  /** The unsubscribe page's own form. */
  unsubscribe: { status: Status; message: string | null };
}

const initialState: NewsletterState = {
  status: 'idle',
  message: null,
  unsubscribe: { status: 'idle', message: null },
};

const newsletterSlice = createSlice({
  name: 'newsletter',
  initialState,
  reducers: {
    subscribe(state, _action: PayloadAction<{ email: string }>) {
      state.status = 'submitting';
      state.message = null;
    },
    subscribed(state, action: PayloadAction<string>) {
      state.status = 'success';
      state.message = action.payload;
    },
    subscribeFailed(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.message = action.payload;
    },
    newsletterMessageExpired(state) {
      state.status = 'idle';
      state.message = null;
    },
    unsubscribe(state, _action: PayloadAction<{ email: string }>) {
      state.unsubscribe = { status: 'submitting', message: null };
    },
    unsubscribed(state, action: PayloadAction<string>) {
      state.unsubscribe = { status: 'success', message: action.payload };
    },
    unsubscribeFailed(state, action: PayloadAction<string>) {
      state.unsubscribe = { status: 'error', message: action.payload };
    },
  },
});

export const {
  subscribe,
  subscribed,
  subscribeFailed,
  newsletterMessageExpired,
  unsubscribe,
  unsubscribed,
  unsubscribeFailed,
} = newsletterSlice.actions;
export default newsletterSlice.reducer;
export const selectNewsletter = (state: { newsletter: NewsletterState }) => state.newsletter;
