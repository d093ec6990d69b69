/**
 * Playwright's webServer command: builds the client once, starts the storefront on E2E_PORT and
 * keeps it running until Playwright stops it (SIGTERM), then removes its data folder.
 */
import { buildClient, startStorefront } from './storefront.ts';

const port = Number(process.env.E2E_PORT);
if (!Number.isInteger(port) || port <= 0) {
  console.error('E2E_PORT must name the port to listen on');
  process.exit(2);
}

if (process.env.E2E_SKIP_BUILD !== 'true') {
  console.log('[e2e] building the client');
  buildClient();
}
const storefront = await startStorefront({
  port,
  seedListings: Number(process.env.E2E_SEED_LISTINGS ?? 300),
  onOutput:
    process.env.E2E_SERVER_LOG === 'true' ? (chunk) => process.stdout.write(chunk) : undefined,
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
