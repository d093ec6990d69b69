/**
 * The embedded payment processor: used when no Stripe key is configured. It keeps Stripe's
 * shapes (PaymentIntent with a `pi_…_secret_…` client secret, signed webhook events) and the
 * behaviour of Stripe's test cards, and stores intents in SQLite so a restart keeps them.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import Stripe from 'stripe';
import { HttpError, notFound, loggerFor } from '@rewear/platform';
import type { PaymentGateway, PaymentIntentView, RefundView } from './port.ts';
import { checkCard, type CardInput } from './cards.ts';
import { CardDeclinedError, WebhookSignatureError } from './errors.ts';
import { intentView } from './stripe.ts';

export interface WebhookDelivery {
  rawBody: Buffer;
  signature: string;
}

export interface SimulatedGatewayOptions {
  /** SQLite file holding the intents (e.g. `${DATA_DIR}/payments.sqlite`); ':memory:' for tests. */
  file: string;
  /** Called after each confirmation with a signed `payment_intent.*` event, as Stripe would. */
  webhook?: (delivery: WebhookDelivery) => Promise<void>;
  /** Secret signing the simulated webhook events; random per process when absent. */
  webhookSecret?: string;
  now?: () => Date;
  randomId?: (bytes: number) => string;
}

export interface SimulatedPaymentGateway extends PaymentGateway {
  /** Charges `card` against the intent behind `clientSecret` (what Stripe.js confirmCardPayment does). */
  confirm(clientSecret: string, card: CardInput): Promise<PaymentIntentView>;
  /** The refunds of one payment, oldest first. */
  refundsOf(paymentIntentId: string): RefundView[];
  close(): void;
}

interface IntentRow {
  id: string;
  client_secret: string;
  status: PaymentIntentView['status'];
  amount_cents: number;
  currency: string;
  order_id: string | null;
  last_error: string | null;
}

const view = (row: IntentRow): PaymentIntentView => ({
  id: row.id,
  clientSecret: row.client_secret,
  status: row.status,
  amountCents: row.amount_cents,
  currency: row.currency,
  orderId: row.order_id,
  lastError: row.last_error,
});

/** A Stripe-shaped PaymentIntent object for webhook bodies. */
const stripeObject = (intent: PaymentIntentView, created: number) => ({
  id: intent.id,
  object: 'payment_intent',
  amount: intent.amountCents,
  currency: intent.currency,
  status: intent.status,
  client_secret: intent.clientSecret,
  created,
  metadata: intent.orderId ? { orderId: intent.orderId } : {},
  last_payment_error: intent.lastError ? { message: intent.lastError } : null,
});

const defaultRandomId = (bytes: number) =>
  randomBytes(bytes).toString('base64url').replace(/[-_]/g, 'x');

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createSimulatedPaymentGateway(
  options: SimulatedGatewayOptions,
): SimulatedPaymentGateway {
  const now = options.now ?? (() => new Date());
  const randomId = options.randomId ?? defaultRandomId;
  const webhookSecret = options.webhookSecret ?? `whsec_${defaultRandomId(24)}`;
  if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
  const db = new Database(options.file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE IF NOT EXISTS payment_intents (
    id TEXT PRIMARY KEY,
    client_secret TEXT NOT NULL,
    status TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    currency TEXT NOT NULL,
    order_id TEXT,
    last_error TEXT,
    idempotency_key TEXT UNIQUE,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`);
  const byId = db.prepare<[string], IntentRow>('SELECT * FROM payment_intents WHERE id = ?');
  const byKey = db.prepare<[string], IntentRow>(
    'SELECT * FROM payment_intents WHERE idempotency_key = ?',
  );
  const insert = db.prepare(
    `INSERT INTO payment_intents (id, client_secret, status, amount_cents, currency, order_id, last_error, idempotency_key, created_at, updated_at)
     VALUES (@id, @client_secret, @status, @amount_cents, @currency, @order_id, NULL, @idempotency_key, @now, @now)`,
  );
  db.exec(`CREATE TABLE IF NOT EXISTS refunds (
    id TEXT PRIMARY KEY,
    payment_intent_id TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    idempotency_key TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL
  )`);
  interface RefundRow {
    id: string;
    payment_intent_id: string;
    amount_cents: number;
  }
  const refundView = (row: RefundRow): RefundView => ({
    id: row.id,
    paymentIntentId: row.payment_intent_id,
    amountCents: row.amount_cents,
    status: 'succeeded',
  });
  const refundByKey = db.prepare<[string], RefundRow>(
    'SELECT * FROM refunds WHERE idempotency_key = ?',
  );
  const refundsOfIntent = db.prepare<[string], RefundRow>(
    'SELECT * FROM refunds WHERE payment_intent_id = ? ORDER BY created_at, rowid',
  );
  const insertRefund = db.prepare(
    `INSERT INTO refunds (id, payment_intent_id, amount_cents, idempotency_key, created_at)
     VALUES (@id, @payment_intent_id, @amount_cents, @idempotency_key, @now)`,
  );
  // One transaction: the key check, the amount left and the insert cannot interleave.
  const createRefund = db.transaction(
    (paymentIntentId: string, amountCents: number, idempotencyKey: string): RefundRow => {
      const existing = refundByKey.get(idempotencyKey);
      if (existing) {
        if (
          existing.payment_intent_id !== paymentIntentId ||
          existing.amount_cents !== amountCents
        ) {
          throw new HttpError(
            409,
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        return existing;
      }
      const intent = byId.get(paymentIntentId);
      if (!intent) throw notFound(`No such payment_intent: '${paymentIntentId}'`);
      if (intent.status !== 'succeeded') {
        throw new HttpError(
          400,
          `This PaymentIntent (${paymentIntentId}) does not have a successful charge to refund.`,
          { code: 'charge_not_refundable' },
        );
      }
      const refunded = refundsOfIntent
        .all(paymentIntentId)
        .reduce((sum, row) => sum + row.amount_cents, 0);
      if (
        !Number.isInteger(amountCents) ||
        amountCents < 1 ||
        refunded + amountCents > intent.amount_cents
      ) {
        throw new HttpError(
          400,
          `Refund amount ($${(amountCents / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount_cents - refunded) / 100).toFixed(2)})`,
          { code: 'amount_too_large' },
        );
      }
      const id = `re_${randomId(18)}`;
      insertRefund.run({
        id,
        payment_intent_id: paymentIntentId,
        amount_cents: amountCents,
        idempotency_key: idempotencyKey,
        now: now().toISOString(),
      });
      return { id, payment_intent_id: paymentIntentId, amount_cents: amountCents };
    },
  );
  const setOutcome = db.prepare(
    'UPDATE payment_intents SET status = @status, last_error = @last_error, updated_at = @now WHERE id = @id',
  );

  async function notify(type: string, intent: PaymentIntentView) {
    if (!options.webhook) return;
    const created = Math.floor(now().getTime() / 1000);
    const payload = JSON.stringify({
      id: `evt_${randomId(18)}`,
      object: 'event',
      type,
      created,
      data: { object: stripeObject(intent, created) },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: webhookSecret,
      timestamp: created,
    });
    try {
      await options.webhook({ rawBody: Buffer.from(payload), signature });
    } catch (err) {
      // The order is also confirmed by the client's update-payment call; a lost webhook only delays.
      loggerFor('payments').error({ err }, `[payments] webhook ${type} for ${intent.id} failed`);
    }
  }

  return {
    async createIntent({ orderId, amountCents, currency, idempotencyKey }) {
      if (!Number.isInteger(amountCents) || amountCents < 50) {
        throw new HttpError(400, 'Amount must be at least $0.50 usd', { code: 'amount_too_small' });
      }
      const existing = byKey.get(idempotencyKey);
      if (existing) {
        if (existing.order_id !== orderId || existing.amount_cents !== amountCents) {
          throw new HttpError(
            409,
            'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          );
        }
        return view(existing);
      }
      const id = `pi_${randomId(18)}`;
      insert.run({
        id,
        client_secret: `${id}_secret_${randomId(18)}`,
        status: 'requires_payment_method',
        amount_cents: amountCents,
        currency,
        order_id: orderId,
        idempotency_key: idempotencyKey,
        now: now().toISOString(),
      });
      return view(byId.get(id)!);
    },

    async retrieveIntent(id) {
      const row = byId.get(id);
      return row ? view(row) : null;
    },

    async refund(paymentIntentId, amountCents, idempotencyKey) {
      return refundView(createRefund(paymentIntentId, amountCents, idempotencyKey));
    },

    refundsOf(paymentIntentId) {
      return refundsOfIntent.all(paymentIntentId).map(refundView);
    },

    async confirm(clientSecret, card) {
      const id = clientSecret.split('_secret_')[0] ?? '';
      const row = byId.get(id);
      if (!row || !sameText(row.client_secret, clientSecret))
        throw notFound('No such payment_intent');
      if (row.status === 'succeeded' || row.status === 'canceled') {
        throw new HttpError(
          400,
          `You cannot confirm this PaymentIntent because it has a status of ${row.status}.`,
          { code: 'payment_intent_unexpected_state' },
        );
      }
      const decline = checkCard(card, now());
      const at = now().toISOString();
      if (decline) {
        setOutcome.run({
          id,
          status: 'requires_payment_method',
          last_error: decline.message,
          now: at,
        });
        await notify('payment_intent.payment_failed', view(byId.get(id)!));
        throw new CardDeclinedError(decline.message, decline.code, decline.declineCode);
      }
      setOutcome.run({ id, status: 'succeeded', last_error: null, now: at });
      const succeeded = view(byId.get(id)!);
      await notify('payment_intent.succeeded', succeeded);
      return succeeded;
    },

    parseWebhook(rawBody, signature) {
      if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        Stripe.webhooks.signature!.verifyHeader(rawBody, signature, webhookSecret);
        event = JSON.parse(rawBody.toString('utf8')) as Stripe.Event;
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : 'Invalid signature');
      }
      const object = event.data?.object as { object?: string } | undefined;
      if (object?.object !== 'payment_intent')
        throw new WebhookSignatureError('Unsupported webhook object');
      return { type: event.type, intent: intentView(event.data.object as Stripe.PaymentIntent) };
    },

    close() {
      db.close();
    },
  };
}
