export * from './auth.ts';
export * from './engines.ts';
