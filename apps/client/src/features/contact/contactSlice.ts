/** The contact form's sending (docs/product.md §2.23): what was sent, and the server's answer. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ContactMessageReceived } from '@rewear/contracts';
import type { ContactMessageBody } from './api.ts';

export interface ContactState {
  status: 'idle' | 'sending' | 'sent' | 'failed';
  /** The server's reason (or a network failure's) when sending failed. */
  error: string | null;
  /** The server's answer once the message is received: its words and where the reply goes. */
  received: Omit<ContactMessageReceived, 'position'> | null;
}

export const initialContactState: ContactState = { status: 'idle', error: null, received: null };

const contactSlice = createSlice({
  name: 'contact',
  initialState: initialContactState,
  reducers: {
    contactMessageSubmitted(state, _action: PayloadAction<ContactMessageBody>) {
      state.status = 'sending';
      state.error = null;
    },
    contactMessageReceived(state, action: PayloadAction<ContactMessageReceived>) {
      const { messageId, message, replyTo } = action.payload;
      state.status = 'sent';
      state.received = { messageId, message, replyTo };
    },
    contactMessageFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    /** Another message: the form again, empty. */
    contactFormReset() {
      return initialContactState;
    },
  },
});

export const {
  contactMessageSubmitted,
  contactMessageReceived,
  contactMessageFailed,
  contactFormReset,
} = contactSlice.actions;
export const selectContact = (state: { contact: ContactState }) => state.contact;
export default contactSlice.reducer;
