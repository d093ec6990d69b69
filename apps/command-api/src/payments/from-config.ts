import { join } from 'node:path';
import type { Config } from '@rewear/platform';
import type { PaymentGateway } from './port.ts';
import { createStripePaymentGateway } from './stripe.ts';
import {
  createSimulatedPaymentGateway,
  type SimulatedPaymentGateway,
  type WebhookDelivery,
} from './simulated.ts';

export type ConfiguredPayments =
  | { kind: 'stripe'; gateway: PaymentGateway; simulated: null }
  | { kind: 'simulated'; gateway: SimulatedPaymentGateway; simulated: SimulatedPaymentGateway };

/** Stripe when a secret key is configured, the simulated processor (SQLite under DATA_DIR) otherwise. */
export function paymentGatewayFromConfig(
  config: Pick<Config, 'stripeSecretKey' | 'stripeApiBase' | 'stripeWebhookSecret' | 'dataDir'>,
  webhook?: (delivery: WebhookDelivery) => Promise<void>,
): ConfiguredPayments {
  if (config.stripeSecretKey) {
    return {
      kind: 'stripe',
      simulated: null,
      gateway: createStripePaymentGateway({
        secretKey: config.stripeSecretKey,
        apiBase: config.stripeApiBase,
        webhookSecret: config.stripeWebhookSecret,
      }),
    };
  }
  const simulated = createSimulatedPaymentGateway({
    file: join(config.dataDir, 'payments.sqlite'),
    webhook,
    webhookSecret: config.stripeWebhookSecret ?? undefined,
  });
  return { kind: 'simulated', gateway: simulated, simulated };
}
