export * from './metrics.ts';
export * from './http.ts';
export * from './instrumented.ts';
export * from './collectors.ts';
