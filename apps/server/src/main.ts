/**
 * `npm start`: the whole storefront in one process on PORT (8080) with the embedded engines.
 * `--role command-api|query-api|projectors` runs one piece of the distributed topology.
 */
import { parseArgs } from 'node:util';
import {
  configureLogging,
  configureTracing,
  loadConfig,
  loggerFor,
  shutdownTracing,
} from '@rewear/platform';
import { ROLES, startStack, type Role } from './stack.ts';

const { values } = parseArgs({
  options: { role: { type: 'string', default: process.env.ROLE ?? 'all' } },
});
const role = values.role as Role;
// Every line names its service: the role, or the one-process storefront.
configureLogging({ service: role === 'all' ? 'storefront' : role });
const log = loggerFor('server');
// Spans only when OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_TRACES_EXPORTER) says where they go.
configureTracing({ service: role === 'all' ? 'server' : role });
if (!ROLES.includes(role)) {
  log.fatal(`Unknown role "${values.role}": use one of ${ROLES.join(', ')}`);
  process.exit(2);
}

const stack = await startStack(loadConfig(), {
  role,
  onSeedProgress: (line) => loggerFor('seed').info(line),
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info(`[server] ${signal}: shutting down`);
  const force = setTimeout(() => {
    log.error('[server] shutdown took too long; exiting');
    process.exit(1);
  }, 120_000); // room for the read side's snapshot of a large catalogue (docs/operations.md)
  force.unref();
  await stack.close();
  // The spans still queued go out before the process does.
  await shutdownTracing().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
