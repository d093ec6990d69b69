/** The storefront's composition, for the tools around it (benchmarks, the distributed topology's router, suites). */
export { startStack, ROLES, type Role, type RunningStack, type StackOptions } from './stack.ts';
export { createServerApp, type ServerParts } from './app.ts';
export { createCheckpointProgress } from './checkpoint-progress.ts';
export * from './security-headers.ts';
export { notificationChanges, NOTIFYING_PROJECTORS } from './notification-changes.ts';
