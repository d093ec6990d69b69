import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface NewsletterState {
  status: 'idle' | 'submitting' | 'success' | 'error';
  message: string | null;
}

const initialState: NewsletterState = { status: 'idle', message: null };

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
    newsletterMessageExpired() {
      return initialState;
    },
  },
});

export const { subscribe, subscribed, subscribeFailed, newsletterMessageExpired } =
  newsletterSlice.actions;
export default newsletterSlice.reducer;
export const selectNewsletter = (state: { newsletter: NewsletterState }) => state.newsletter;
