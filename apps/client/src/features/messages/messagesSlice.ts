/**
 * Offers and messages (docs/product.md §13): the inbox list, the open conversation, the offer
 * or message being sent, and the seller's bundle discounts.
 */
import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  BundleTier,
  ConversationSummary,
  ConversationView,
  NotificationView,
} from '@rewear/contracts';
import type { OfferAction } from './api.ts';

type Status = 'idle' | 'loading' | 'loaded' | 'failed';

export interface MessagesState {
  list: { status: Status; conversations: ConversationSummary[]; error: string | null };
  conversation: {
    id: string | null;
    status: Status | 'notFound';
    view: ConversationView | null;
    error: string | null;
  };
  /** A command under way (message, offer, answer) and why the last one was refused. */
  sending: boolean;
  sendError: string | null;
  /** The conversation an offer or a first message just opened (the product page goes there). */
  opened: string | null;
  bundle: {
    status: Status;
    tiers: BundleTier[];
    saving: boolean;
    error: string | null;
    saved: boolean;
  };
}

export const initialMessagesState: MessagesState = {
  list: { status: 'idle', conversations: [], error: null },
  conversation: { id: null, status: 'idle', view: null, error: null },
  sending: false,
  sendError: null,
  opened: null,
  bundle: { status: 'idle', tiers: [], saving: false, error: null, saved: false },
};

/**
 * The live notification contract: one notification arriving in an open tab. The conversation
 * page reads its conversation again when one links to it.
 */
export const notificationReceived = createAction<NotificationView>('notifications/received');

const messagesSlice = createSlice({
  name: 'messages',
  initialState: initialMessagesState,
  reducers: {
    conversationsRequested(state) {
      state.list.status = 'loading';
    },
    conversationsLoaded(state, action: PayloadAction<ConversationSummary[]>) {
      state.list = { status: 'loaded', conversations: action.payload, error: null };
    },
    conversationsFailed(state, action: PayloadAction<string>) {
      state.list.status = 'failed';
      state.list.error = action.payload;
    },
    /** Open (or re-read) a conversation; a new one clears what the last one showed. */
    conversationRequested(state, action: PayloadAction<string>) {
      if (state.conversation.id !== action.payload) {
        state.conversation = { id: action.payload, status: 'loading', view: null, error: null };
        state.sendError = null;
      }
    },
    conversationLoaded(state, action: PayloadAction<ConversationView>) {
      if (state.conversation.id !== action.payload.conversationId) return;
      state.conversation = {
        ...state.conversation,
        status: 'loaded',
        view: action.payload,
        error: null,
      };
    },
    conversationFailed(
      state,
      action: PayloadAction<{ id: string; error: string; notFound: boolean }>,
    ) {
      if (state.conversation.id !== action.payload.id) return;
      state.conversation.status = action.payload.notFound ? 'notFound' : 'failed';
      state.conversation.error = action.payload.error;
    },
    messageSent(
      state,
      _action: PayloadAction<{ conversationId?: string; listingId?: string; text: string }>,
    ) {
      state.sending = true;
      state.sendError = null;
    },
    offerMade(state, _action: PayloadAction<{ listingId: string; amount: number }>) {
      state.sending = true;
      state.sendError = null;
      state.opened = null;
    },
    offerAnswered(
      state,
      _action: PayloadAction<{
        conversationId: string;
        offerId: string;
        action: OfferAction;
        amount?: number;
      }>,
    ) {
      state.sending = true;
      state.sendError = null;
    },
    sendSucceeded(state, action: PayloadAction<{ conversationId: string | null }>) {
      state.sending = false;
      if (action.payload.conversationId) state.opened = action.payload.conversationId;
    },
    sendFailed(state, action: PayloadAction<string>) {
      state.sending = false;
      state.sendError = action.payload;
    },
    openedSeen(state) {
      state.opened = null;
    },
    bundleRequested(state, _action: PayloadAction<string>) {
      state.bundle.status = 'loading';
      state.bundle.saved = false;
    },
    bundleLoaded(state, action: PayloadAction<BundleTier[]>) {
      state.bundle = { ...state.bundle, status: 'loaded', tiers: action.payload, error: null };
    },
    bundleSaveRequested(state, _action: PayloadAction<BundleTier[]>) {
      state.bundle.saving = true;
      state.bundle.error = null;
      state.bundle.saved = false;
    },
    bundleSaved(state, action: PayloadAction<BundleTier[]>) {
      state.bundle = { ...state.bundle, saving: false, tiers: action.payload, saved: true };
    },
    bundleFailed(state, action: PayloadAction<string>) {
      state.bundle.saving = false;
      state.bundle.status = state.bundle.status === 'loading' ? 'failed' : state.bundle.status;
      state.bundle.error = action.payload;
    },
    messagesReset() {
      return initialMessagesState;
    },
  },
});

export const {
  conversationsRequested,
  conversationsLoaded,
  conversationsFailed,
  conversationRequested,
  conversationLoaded,
  conversationFailed,
  messageSent,
  offerMade,
  offerAnswered,
  sendSucceeded,
  sendFailed,
  openedSeen,
  bundleRequested,
  bundleLoaded,
  bundleSaveRequested,
  bundleSaved,
  bundleFailed,
  messagesReset,
} = messagesSlice.actions;

type WithMessages = { messages: MessagesState };
export const selectMessages = (state: WithMessages) => state.messages;
export const selectConversation = (state: WithMessages) => state.messages.conversation;
export const selectConversationList = (state: WithMessages) => state.messages.list;
export const selectBundle = (state: WithMessages) => state.messages.bundle;

/** The app path of a conversation. */
export const conversationPath = (conversationId: string) =>
  `/messages/${encodeURIComponent(conversationId)}`;

export default messagesSlice.reducer;
