export * from './create-platform.ts';
