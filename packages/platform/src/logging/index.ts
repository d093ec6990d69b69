export * from './logger.ts';
export * from './request-log.ts';
