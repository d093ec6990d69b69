/**
 * Playwright's webServer command: builds the client once, starts the storefront on E2E_PORT and
 * keeps it running until Playwright stops it (SIGTERM), then removes its data folder.
 * E2E_TOPOLOGY=distributed starts the distributed topology as processes instead (two
 * command-api, two query-api, the projectors, nginx) on the engines KAFKA_BROKERS, MONGODB_URI
 * and MEILI_URL name, in a namespace of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { engineEnvFrom, startTopology } from '../../../scripts/distributed/topology.ts';
import { buildClient, startStorefront, type Storefront } from './storefront.ts';

const port = Number(process.env.E2E_PORT);
if (!Number.isInteger(port) || port <= 0) {
  console.error('E2E_PORT must name the port to listen on');
  process.exit(2);
}

if (process.env.E2E_SKIP_BUILD !== 'true') {
  console.log('[e2e] building the client');
  buildClient();
}
const seedListings = Number(process.env.E2E_SEED_LISTINGS ?? 300);
// Every worker's browser writes from 127.0.0.1, quicker than a shopper: the rate limits are
// raised for the suite (command-api's rate-limit suite tests them), on both topologies.
process.env.RATE_LIMIT_PER_ADDRESS ??= '100000/1m';
process.env.RATE_LIMIT_PER_USER ??= '100000/1m';

async function startDistributed(): Promise<Storefront> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'rewear-e2e-distributed-'));
  const topology = await startTopology({
    engines: engineEnvFrom(process.env),
    port,
    namespace: `e2e${Date.now().toString(36)}`,
    workDir,
    seedListings,
    log: (line) => console.log(line),
  });
  return {
    url: topology.url,
    dataDir: workDir,
    async stop() {
      await topology.stop();
      // The services' logs stay for a failed run: E2E_KEEP_LOGS=true.
      if (process.env.E2E_KEEP_LOGS !== 'true') rmSync(workDir, { recursive: true, force: true });
    },
  };
}

const storefront =
  process.env.E2E_TOPOLOGY === 'distributed'
    ? await startDistributed()
    : await startStorefront({
        port,
        seedListings,
        onOutput:
          process.env.E2E_SERVER_LOG === 'true'
            ? (chunk) => process.stdout.write(chunk)
            : undefined,
      });
console.log(`[e2e] storefront ready on ${storefront.url}`);

let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await storefront.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
// Keep the event loop alive until a signal arrives.
setInterval(() => {}, 1 << 30);
