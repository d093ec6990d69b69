/**
 * Structured logs: one JSON object per line (pino), with the service that wrote it, for a log
 * collector to index; pretty, one line per entry, when a person watches a terminal.
 */
import { hostname } from 'node:os';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';

export type { Logger };

export type LogFormat = 'json' | 'pretty';

export interface LoggerOptions {
  /** The `service` field of every line: the role (command-api, query-api, projectors) or storefront. */
  service: string;
  /** Lowest level written. Default: LOG_LEVEL, else info. */
  level?: string;
  /** Default: LOG_FORMAT (json or pretty), else pretty when stdout is a terminal, else json. */
  format?: LogFormat;
  /** Where lines go (tests capture them). Default: stdout, written synchronously. */
  destination?: DestinationStream;
}

const LEVELS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export function logLevelFrom(env: NodeJS.ProcessEnv = process.env): string {
  const level = env.LOG_LEVEL?.trim().toLowerCase();
  return level && LEVELS.has(level) ? level : 'info';
}

export function logFormatFrom(
  env: NodeJS.ProcessEnv = process.env,
  tty: boolean = process.stdout.isTTY === true,
): LogFormat {
  const format = env.LOG_FORMAT?.trim().toLowerCase();
  if (format === 'json' || format === 'pretty') return format;
  return tty ? 'pretty' : 'json';
}

/**
 * The pretty form keeps the lines `npm start` always printed: the message (which carries its
 * `[component]` prefix), and the request's fields after it on the same line.
 */
function prettyStream(destination?: DestinationStream): DestinationStream {
  return PinoPretty({
    colorize: destination === undefined && process.stdout.isTTY === true,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,service,component',
    singleLine: true,
    sync: true,
    ...(destination ? { destination } : {}),
  });
}

export function createLogger(options: LoggerOptions): Logger {
  const format = options.format ?? logFormatFrom();
  const destination =
    format === 'pretty'
      ? prettyStream(options.destination)
      : // Synchronous, as console's writes to a file or pipe are: nothing is lost at exit and
        // lines keep their order with what else writes to stdout.
        (options.destination ?? pino.destination({ dest: 1, sync: true }));
  return pino(
    {
      level: options.level ?? logLevelFrom(),
      // pino's pid and hostname tell replicas of one service apart.
      base: { service: options.service, pid: process.pid, hostname: hostname() },
      // An error's cause is kept as its own object (message, stack), not folded into the text.
      serializers: { err: stdSerializers.errWithCause },
    },
    destination,
  );
}

/**
 * The process's logger. Modules ask for theirs (loggerFor) when they log, so a module loaded
 * before the entry point named its service still writes with the configured one.
 */
let root: Logger | null = null;
const children = new Map<string, Logger>();

/** Sets the process's logger (the entry point, once it knows its role). */
export function configureLogging(options: LoggerOptions): Logger {
  root = createLogger(options);
  children.clear();
  return root;
}

/** The process's logger; `rewear` until the entry point configures one. */
export function rootLogger(): Logger {
  root ??= createLogger({ service: 'rewear' });
  return root;
}

/** The process's logger with a `component` field (`outbox-relay`, `kafka-bus`, `http`, ...). */
export function loggerFor(component: string): Logger {
  const current = rootLogger();
  let child = children.get(component);
  if (!child) {
    child = current.child({ component });
    children.set(component, child);
  }
  return child;
}
