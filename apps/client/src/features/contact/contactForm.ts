/**
 * The contact form's checks: the same rules and messages as the route's schema
 * (`contactMessageBody` in @rewear/contracts), written out so the page does not carry zod's
 * runtime; contactForm.test.ts holds them to the schema. A visitor must give an email; a
 * signed-in user may leave it empty and is answered at their account's address.
 */
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  CONTACT_TOPICS,
  type ContactTopic,
} from '@rewear/contracts';
import type { ContactMessageBody } from './api.ts';

export type ContactField = 'topic' | 'subject' | 'message' | 'name' | 'email';

export interface ContactFormInput {
  topic: string;
  subject: string;
  message: string;
  name: string;
  email: string;
}

export type CheckedContactForm =
  | { ok: true; body: ContactMessageBody }
  | { ok: false; errors: Partial<Record<ContactField, string>> };

/** Close to the schema's `z.string().email()`: something@something.tld, no spaces. */
const EMAIL =
  /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function checkContactForm(input: ContactFormInput, signedIn: boolean): CheckedContactForm {
  const subject = input.subject.trim();
  const message = input.message.trim();
  const name = input.name.trim();
  const email = input.email.trim();
  const L = CONTACT_LIMITS;
  const errors: Partial<Record<ContactField, string>> = {};
  if (!(CONTACT_TOPICS as readonly string[]).includes(input.topic))
    errors.topic = CONTACT_MESSAGES.topic;
  if (subject.length < L.subjectMin || subject.length > L.subjectMax)
    errors.subject = CONTACT_MESSAGES.subject;
  if (message.length < L.messageMin || message.length > L.messageMax)
    errors.message = CONTACT_MESSAGES.message;
  if (name.length > L.nameMax) errors.name = CONTACT_MESSAGES.name;
  if (!email) {
    if (!signedIn) errors.email = CONTACT_MESSAGES.emailNeeded;
  } else if (email.length > L.emailMax || !EMAIL.test(email)) errors.email = CONTACT_MESSAGES.email;
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    body: {
      topic: input.topic as ContactTopic,
      subject,
      message,
      ...(name ? { name } : {}),
      ...(email ? { email } : {}),
    },
  };
}
