import { aggregateOf } from '../shared/decider.ts';
import { contactDecider } from '@rewear/features/contact/decider';

/** A contact message: its command handling, bound once (streams `contact-<id>`). */
export const contactMessages = aggregateOf(contactDecider, 'contact');
