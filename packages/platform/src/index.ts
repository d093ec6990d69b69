export * from './ports.ts';
export * from './projection.ts';
export * from './identity.ts';
export * from './config.ts';
export * from './http/index.ts';
export * from './runtime/index.ts';
