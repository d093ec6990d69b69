export * from './reference.ts';
export * from './money.ts';
export * from './events.ts';
export * from './api.ts';
export * from './requests.ts';
export * from './route-preload.ts';
export * from './cart-lines.ts';
export * from './shipments.ts';
