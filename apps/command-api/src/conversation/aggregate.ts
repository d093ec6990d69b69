import { aggregateOf } from '../shared/decider.ts';
import { conversationDecider } from '@rewear/features/conversation/decider';

/** A conversation (offers and messages): its command handling, bound once (streams `conversation-<id>`). */
export const conversations = aggregateOf(conversationDecider, 'conversation');
