export * from './errors.ts';
export * from './middleware.ts';
export * from './validation.ts';
export * from './input-limits.ts';
export * from './route-doc.ts';
export * from './compression.ts';
export * from './health.ts';
export * from './route.ts';
