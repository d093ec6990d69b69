/** The newsletter's endpoint (docs/product.md §7 Newsletter). */
import type { z } from 'zod';
import type { CommandAnswer, newsletterBody } from '@rewear/contracts';
import type { Api, RequestOptions } from '../../api/http.ts';

export type NewsletterBody = z.input<typeof newsletterBody>;

export interface Subscribed extends CommandAnswer {
  message: string;
}

export function newsletterApi(http: Api) {
  return {
    subscribe: (body: NewsletterBody, options: RequestOptions) =>
      http.post<Subscribed>('/api/newsletter/subscribe', body, options),
    /** 404 'This email is not subscribed'. */
    unsubscribe: (body: NewsletterBody, options: RequestOptions) =>
      http.post<Subscribed>('/api/newsletter/unsubscribe', body, options),
  };
}

export type NewsletterApi = ReturnType<typeof newsletterApi>;
