/**
 * Messages to the store (docs/product.md §2.23): what the contact form asks and its limits, in
 * one place for the route's schema (`contactMessageBody` in requests.ts), the event and the
 * form's own checks. No zod here: the contact page checks its form without zod's runtime.
 */
import type { z } from 'zod';
import type * as answers from './answers.ts';
import type * as commandAnswers from './command-answers.ts';

/** What a message is about: the form's first choice; operators sort by it. */
export const CONTACT_TOPICS = ['order', 'listing', 'payment', 'account', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** The topics as the form lists them. */
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  order: 'An order',
  listing: 'A listing',
  payment: 'A payment or refund',
  account: 'My account',
  other: 'Something else',
};

export const CONTACT_LIMITS = {
  subjectMin: 3,
  subjectMax: 120,
  messageMin: 10,
  messageMax: 2000,
  nameMax: 100,
  emailMax: 254,
} as const;

/** The messages the route and the form give for each field, alike. */
export const CONTACT_MESSAGES = {
  topic: 'Choose what your message is about',
  subject: `Give a subject of ${CONTACT_LIMITS.subjectMin} to ${CONTACT_LIMITS.subjectMax} characters`,
  message: `Write a message of ${CONTACT_LIMITS.messageMin} to ${CONTACT_LIMITS.messageMax} characters`,
  name: `Give a name of at most ${CONTACT_LIMITS.nameMax} characters`,
  email: 'Enter a valid email address, so we can reply',
  emailNeeded: 'Enter your email address, so we can reply',
} as const;

/** The answer to POST /api/contact. */
export type ContactMessageReceived = z.output<typeof commandAnswers.contactMessageReceivedAnswer>;

/** A message as operators read it (GET /api/ops/contact-messages). */
export type ContactMessageView = z.output<typeof answers.contactMessageViewAnswer>;

export type ContactMessageList = z.output<typeof answers.contactMessageListAnswer>;
