import { describe, it } from 'vitest';
import { contactDecider, type ContactEvent } from '@rewear/features/contact/decider';
import { given, NOW } from './given.ts';

const send = (overrides: Partial<Parameters<typeof contactDecider.decide>[0]> = {}) => ({
  type: 'SendContactMessage' as const,
  messageId: 'm1',
  topic: 'order' as const,
  subject: '  Where is my parcel?  ',
  message: '  It has been a week since it shipped.  ',
  email: null,
  name: null,
  sender: null,
  ...overrides,
});

const sent = (data: Partial<ContactEvent['data']>): ContactEvent => ({
  type: 'ContactMessageSent',
  data: {
    messageId: 'm1',
    topic: 'order',
    subject: 'Where is my parcel?',
    message: 'It has been a week since it shipped.',
    email: 'ada@example.com',
    name: null,
    userId: null,
    sentAt: NOW.toISOString(),
    ...data,
  },
});

describe('contact decider (docs/product.md §2.23)', () => {
  it('given nothing, when a visitor sends a message with an email, then it is sent, trimmed, to be answered at that address', () => {
    given(contactDecider, [])
      .when(send({ email: ' Ada@Example.com ', name: ' Ada ' }))
      .then([sent({ name: 'Ada' })]);
  });

  it('given nothing, when a visitor sends one without an email, then it is refused with the reason', () => {
    given(contactDecider, [])
      .when(send({ email: '  ' }))
      .thenRejects('invalid', 'Enter your email address, so we can reply');
  });

  it("given nothing, when a signed-in user sends one without an email, then it is answered at their account's address", () => {
    given(contactDecider, [])
      .when(send({ sender: { uid: 'u1', email: 'ada@example.com', name: 'Ada Lovelace' } }))
      .then([sent({ userId: 'u1', name: 'Ada Lovelace' })]);
    // An address given wins over the account's.
    given(contactDecider, [])
      .when(
        send({
          email: 'work@example.com',
          sender: { uid: 'u1', email: 'ada@example.com', name: null },
        }),
      )
      .then([sent({ userId: 'u1', email: 'work@example.com' })]);
  });

  it('given a message sent, when it is sent again, then it is refused: a message is sent once', () => {
    given(contactDecider, [sent({})])
      .when(send({ email: 'ada@example.com' }))
      .thenRejects('conflict');
  });
});
