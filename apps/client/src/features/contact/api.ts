/** The contact form's endpoint (docs/product.md §2.23). */
import type { z } from 'zod';
import type { contactMessageBody, ContactMessageReceived } from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';

export type ContactMessageBody = z.input<typeof contactMessageBody>;

export function contactApi(http: Api) {
  return {
    /** 201 ContactMessageReceived; 400 with the reason; 429 over the rate limits. */
    send: (body: ContactMessageBody, options: RequestOptions) =>
      http.post<ContactMessageReceived>('/api/contact', body, options),
  };
}

export type ContactApi = ReturnType<typeof contactApi>;
