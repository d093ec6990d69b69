export * from './platform.ts';
export * from './projections.ts';
export * from './ops-router.ts';
export { LiveReadSide, GenerationReadSide } from './read-side.ts';
export { GenerationDirectory, type GenerationRecord } from './generations.ts';
export * from './names.ts';
export * from './frontier.ts';
export * from './follower.ts';
