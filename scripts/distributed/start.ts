/**
 * `npm run start:distributed`: the storefront on the distributed topology as processes (two
 * command-api, two query-api, the projectors, nginx in front) on the real engines, which the npm
 * script starts first (scripts/engines/start.sh). The storefront is on PORT (8080); data stays
 * in the engines (database and namespace `rewear`) and under .engines/distributed between runs.
 * Ctrl-C stops the services; `npm run engines:stop` stops the engines.
 */
import path from 'node:path';
import { engineEnvFrom, REPO_ROOT, startTopology } from './topology.ts';

// The same defaults as scripts/engines/common.sh.
const env = {
  KAFKA_BROKERS: '127.0.0.1:9092',
  MONGODB_URI: 'mongodb://127.0.0.1:27017/',
  MEILI_URL: 'http://127.0.0.1:7700',
  MEILI_MASTER_KEY: 'rewear-dev-master-key-change-me',
  ...process.env,
};

const topology = await startTopology({
  engines: engineEnvFrom(env),
  port: Number(process.env.PORT ?? 8080),
  host: process.env.HOST ?? '127.0.0.1',
  namespace: process.env.REWEAR_NAMESPACE ?? 'rewear',
  workDir: path.join(REPO_ROOT, '.engines/distributed'),
  seedListings: Number(process.env.SEED_LISTINGS ?? 2000),
  log: (line) => console.log(line),
  readyTimeoutMs: 30 * 60_000,
});
console.log(`[topology] ready: ${topology.url} (logs in .engines/distributed/logs)`);

let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`[topology] ${signal}: stopping the services`);
  await topology.stop();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
