export * from './errors.ts';
export * from './middleware.ts';
export * from './validation.ts';
