// Answers whether an engine is ready: `node probe.mjs mongo <uri>` pings MongoDB/FerretDB,
// `node probe.mjs kafka <broker>` fetches cluster metadata, `node probe.mjs meili <url>` asks
// Meilisearch's /health for "available". Exit 0 when ready.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
// Each engine's client as its package installed it.
const requireFrom = (pkg) => createRequire(path.join(here, `../../packages/${pkg}/package.json`));
const [kind, target] = process.argv.slice(2);

try {
  if (kind === 'mongo') {
    const { MongoClient } = requireFrom('mongodb')('mongodb');
    const client = new MongoClient(target, { serverSelectionTimeoutMS: 2000 });
    await client.connect();
    await client.db('admin').command({ ping: 1 });
    await client.close();
  } else if (kind === 'kafka') {
    const { Kafka, logLevel } = requireFrom('kafka')('kafkajs');
    const admin = new Kafka({
      clientId: 'probe',
      brokers: [target],
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
    }).admin();
    await admin.connect();
    await admin.describeCluster();
    await admin.disconnect();
  } else if (kind === 'meili') {
    const response = await fetch(new URL('/health', target), { signal: AbortSignal.timeout(2000) });
    const body = await response.json();
    if (body.status !== 'available') throw new Error(`Meilisearch is ${JSON.stringify(body)}`);
  } else {
    throw new Error(`unknown engine ${kind}`);
  }
  process.exit(0);
} catch (error) {
  if (process.env.PROBE_VERBOSE) console.error(error);
  process.exit(1);
}
