// The request schemas live in @rewear/contracts (client-safe); its index does not re-export them
// yet, so they are reached by path until it does.
export * from '../../../packages/contracts/src/requests.ts';
