export * from './port.ts';
export * from './errors.ts';
export * from './cards.ts';
export { createStripePaymentGateway, type StripeGatewayOptions } from './stripe.ts';
export * from './simulated.ts';
export * from './router.ts';
export * from './from-config.ts';
