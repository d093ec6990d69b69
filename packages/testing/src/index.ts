export * from './auth.ts';
export * from './engines.ts';
export * from './photos.ts';
