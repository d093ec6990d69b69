export * from './tracing.ts';
export * from './propagation.ts';
export * from './http.ts';
