/**
 * A contact message is sent once (src/contact/domain.ts: evolveContact): the decider's folded
 * state and the projection's document agree at every step of a message's stream (sent exactly
 * when there is a document, and the document is the message the decider wrote), and the query
 * face answers the operators' list from that document.
 */
import { describe, expect, it } from 'vitest';
import {
  contactDecider,
  type ContactEvent,
  type SendContactMessage,
} from '@rewear/features/contact/decider';
import {
  contactMessagesProjector,
  projectContactMessage,
  type ContactEnvelope,
  type ContactMessageDoc,
} from '@rewear/features/contact/projection';
import { latestContactMessages } from '@rewear/features/contact/queries';
import { createMemoryReadModelStore, type ReadSide } from '@rewear/platform';
import { delivered } from './support/delivered.ts';

const T0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (i: number) => new Date(T0 + i * 1000).toISOString();
const CONTEXT = { now: new Date(T0), newId: () => 'id' };

const send = (overrides: Partial<SendContactMessage> = {}): SendContactMessage => ({
  type: 'SendContactMessage',
  messageId: 'm1',
  topic: 'order',
  subject: '  Where is my parcel?  ',
  message: '  It has been a week.  ',
  email: null,
  name: null,
  sender: null,
  ...overrides,
});

const SENDS: Array<[string, SendContactMessage]> = [
  ['from a visitor', send({ email: ' Ann@Example.com ', name: ' Ann ' })],
  ['from a signed-in user', send({ sender: { uid: 'u1', email: 'u1@example.com', name: 'Bo' } })],
];

/** The stream the decider writes for `command`, then a redelivery of its one event. */
function streamOf(command: SendContactMessage): ContactEvent[] {
  const events = contactDecider.decide(command, contactDecider.initialState(), CONTEXT);
  return [...events, ...events];
}

describe('a contact message, the same on both sides', () => {
  it.each(SENDS)('%s', (_, command) => {
    const events = streamOf(command);
    const envelopes = delivered<ContactEnvelope>('contact-m1', events, iso);
    let state = contactDecider.initialState();
    let doc: ContactMessageDoc | null = null;
    envelopes.forEach((envelope, i) => {
      state = contactDecider.evolve(state, events[i]!);
      doc = projectContactMessage(doc, envelope);
      expect(state.sent, `after event ${i + 1}`).toBe(doc !== null);
      const { messageId, userId, sentAt, ...rest } = events[0]!.data;
      expect(doc).toEqual({ _id: messageId, user_id: userId, sent_at: sentAt, ...rest });
    });
    // Once sent, the decider refuses the same message again.
    expect(() => contactDecider.decide(command, state, CONTEXT)).toThrow(/already been sent/);
  });

  it("answers the operators' list from the documents the projection keeps", async () => {
    const store = createMemoryReadModelStore();
    const side = { collection: (name: string) => store.collection(name) } as unknown as ReadSide;
    const events = [
      ...contactDecider.decide(
        send({ messageId: 'm1', email: 'a@example.com' }),
        contactDecider.initialState(),
        CONTEXT,
      ),
      ...contactDecider.decide(
        send({ messageId: 'm2', email: 'b@example.com' }),
        contactDecider.initialState(),
        { ...CONTEXT, now: new Date(T0 + 60_000) },
      ),
    ];
    for (const envelope of delivered<ContactEnvelope>('contact', events, iso))
      await contactMessagesProjector.apply(envelope, side);
    const list = await latestContactMessages(side, 50);
    expect(list.messages.map((m) => [m.messageId, m.email])).toEqual([
      ['m2', 'b@example.com'],
      ['m1', 'a@example.com'],
    ]);
    expect(list.messages[1]).toEqual({
      messageId: 'm1',
      topic: 'order',
      subject: 'Where is my parcel?',
      message: 'It has been a week.',
      email: 'a@example.com',
      name: null,
      userId: null,
      sentAt: new Date(T0).toISOString(),
    });
    expect((await latestContactMessages(side, 1)).messages).toHaveLength(1);
  });
});
