import { HttpError } from '@rewear/platform';

/** A webhook that fails verification: answered 400, nothing changes. */
export class WebhookSignatureError extends HttpError {
  constructor(message: string) {
    super(400, `Webhook rejected: ${message}`);
    this.name = 'WebhookSignatureError';
  }
}

/** A card refused by the processor: 402 `{ message, code }` like Stripe's card errors. */
export class CardDeclinedError extends HttpError {
  constructor(
    message: string,
    readonly code: string,
    readonly declineCode?: string,
  ) {
    super(402, message, { code, ...(declineCode ? { decline_code: declineCode } : {}) });
    this.name = 'CardDeclinedError';
  }
}
