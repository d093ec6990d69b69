import { aggregateOf } from '../shared/decider.ts';
import { contactDecider } from './decider.ts';

/** A contact message: its command handling, bound once (streams `contact-<id>`). */
export const contactMessages = aggregateOf(contactDecider, 'contact');
