/**
 * The suites' own processes log at warn unless LOG_LEVEL says otherwise: a line for each request
 * of the API suites would bury the reporter's output. Processes the suites start (the server,
 * the distributed topology) keep their own settings.
 */
import { configureLogging, logLevelFrom } from '@rewear/platform/logging';

configureLogging({ service: 'rewear', level: process.env.LOG_LEVEL ? logLevelFrom() : 'warn' });
