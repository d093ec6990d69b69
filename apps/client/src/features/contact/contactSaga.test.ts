import { describe, expect, it } from 'vitest';
import { runSaga } from 'redux-saga';
import type { UnknownAction } from '@reduxjs/toolkit';
import { ApiError, type Api, type RequestOptions } from '../../api/http.ts';
import { contactApi } from './api.ts';
import reducer, {
  contactFormReset,
  contactMessageSubmitted,
  initialContactState,
  type ContactState,
} from './contactSlice.ts';
import { sendContactMessageSaga } from './contactSaga.ts';

const body = {
  topic: 'order' as const,
  subject: 'Where is my parcel?',
  message: 'It shipped a week ago and has not moved.',
  email: 'ada@example.com',
};

const postOnly = (
  answer: (path: string, body: unknown, options?: RequestOptions) => unknown,
): Api => ({
  get: async () => {
    throw new Error('unexpected');
  },
  post: async <T>(path: string, sent: unknown, options?: RequestOptions) =>
    answer(path, sent, options) as T,
  put: async () => {
    throw new Error('unexpected');
  },
  del: async () => {
    throw new Error('unexpected');
  },
});

async function send(api: Api): Promise<ContactState> {
  const action = contactMessageSubmitted(body);
  let state = reducer(initialContactState, action);
  expect(state.status).toBe('sending');
  await runSaga(
    { dispatch: (a: UnknownAction) => void (state = reducer(state, a)) },
    sendContactMessageSaga,
    contactApi(api),
    action,
  ).toPromise();
  return state;
}

describe('sending a contact message (docs/product.md §2.23)', () => {
  it("keeps the server's answer: its words and where the reply goes; a reset empties it", async () => {
    const sent: Array<[string, unknown, RequestOptions | undefined]> = [];
    const state = await send(
      postOnly((path, sentBody, options) => {
        sent.push([path, sentBody, options]);
        return {
          messageId: 'm1',
          message: 'Thanks, we received your message. We will reply to ada@example.com.',
          replyTo: 'ada@example.com',
          position: 7,
        };
      }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toBe('/api/contact');
    expect(sent[0]![1]).toEqual(body);
    // A command: sent with an Idempotency-Key.
    expect(Object.keys(sent[0]![2]?.headers ?? {})).toContain('idempotency-key');
    expect(state).toEqual({
      status: 'sent',
      error: null,
      received: {
        messageId: 'm1',
        message: 'Thanks, we received your message. We will reply to ada@example.com.',
        replyTo: 'ada@example.com',
      },
    });
    expect(reducer(state, contactFormReset())).toEqual(initialContactState);
  });

  it("shows the server's reason when it refuses the message", async () => {
    const state = await send(
      postOnly(() => {
        throw new ApiError(400, 'Enter your email address, so we can reply');
      }),
    );
    expect(state).toMatchObject({
      status: 'failed',
      error: 'Enter your email address, so we can reply',
      received: null,
    });
  });
});
