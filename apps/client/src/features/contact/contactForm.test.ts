/** The contact form's checks agree with the route's schema: what one accepts, the other does. */
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, contactMessageBody } from '@rewear/contracts';
import { checkContactForm, type ContactFormInput } from './contactForm.ts';

const valid: ContactFormInput = {
  topic: 'order',
  subject: ' Where is my parcel? ',
  message: ' It shipped a week ago and has not moved. ',
  name: '',
  email: ' ada@example.com ',
};

describe('checkContactForm', () => {
  const inputs: ContactFormInput[] = [
    valid,
    { ...valid, topic: '' },
    { ...valid, topic: 'gossip' },
    { ...valid, subject: 'ab' },
    { ...valid, subject: '   abc   ' },
    { ...valid, subject: 'x'.repeat(120) },
    { ...valid, subject: 'x'.repeat(121) },
    { ...valid, message: 'too short' },
    { ...valid, message: 'x'.repeat(10) },
    { ...valid, message: 'x'.repeat(2000) },
    { ...valid, message: 'x'.repeat(2001) },
    { ...valid, name: 'Ada' },
    { ...valid, name: 'n'.repeat(101) },
    { ...valid, email: 'not-an-address' },
    { ...valid, email: 'ada@example' },
    { ...valid, email: 'ada @example.com' },
    { ...valid, email: 'a.b+shop@mail.example.co.uk' },
  ];
  it.each(inputs)('agrees with contactMessageBody on %o', (input) => {
    const schema = contactMessageBody.safeParse({
      topic: input.topic,
      subject: input.subject,
      message: input.message,
      ...(input.name.trim() ? { name: input.name } : {}),
      ...(input.email.trim() ? { email: input.email } : {}),
    });
    const checked = checkContactForm(input, false);
    expect(checked.ok).toBe(schema.success);
    if (checked.ok && schema.success) expect(checked.body).toEqual(schema.data);
    if (!checked.ok && !schema.success)
      expect(Object.values(checked.errors).sort()).toEqual(
        [...new Set(schema.error.issues.map((issue) => issue.message))].sort(),
      );
  });

  it('asks a visitor for an email, and lets a signed-in user leave it out', () => {
    const input = { ...valid, email: '  ' };
    expect(checkContactForm(input, false)).toEqual({
      ok: false,
      errors: { email: CONTACT_MESSAGES.emailNeeded },
    });
    expect(checkContactForm(input, true)).toEqual({
      ok: true,
      body: {
        topic: 'order',
        subject: 'Where is my parcel?',
        message: 'It shipped a week ago and has not moved.',
      },
    });
  });

  it('names every field in trouble at once', () => {
    const checked = checkContactForm(
      { topic: '', subject: '', message: '', name: '', email: '' },
      false,
    );
    expect(checked).toEqual({
      ok: false,
      errors: {
        topic: 'Choose what your message is about',
        subject: 'Give a subject of 3 to 120 characters',
        message: 'Write a message of 10 to 2000 characters',
        email: 'Enter your email address, so we can reply',
      },
    });
  });
});
