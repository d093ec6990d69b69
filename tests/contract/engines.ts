/**
 * The engines of the contract suites: the running ones named by KAFKA_BROKERS, MONGODB_URI and
 * MEILI_URL when set (engines.ts checks they answer); otherwise, where a Docker engine answers,
 * a container of the image built here (scripts/containers/build-images.sh: Kafka, FerretDB on
 * PostgreSQL, Meilisearch) started with testcontainers for the test file and stopped after it;
 * with neither, unavailable, with the reason the suite prints.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import {
  GenericContainer,
  ImageName,
  Wait,
  getContainerRuntimeClient,
  type StartedTestContainer,
} from 'testcontainers';
import {
  kafkaAvailability,
  meiliAvailability,
  mongoAvailability,
  type EngineAvailability,
} from '@rewear/testing';

export type ContractEngine = 'kafka' | 'mongodb' | 'meilisearch';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const IMAGES_ENV = path.join(ROOT, '.engines/containers/images.env');

const engines: Record<
  ContractEngine,
  { variable: string; imageVariable: string; check: () => Promise<EngineAvailability> }
> = {
  kafka: {
    variable: 'KAFKA_BROKERS',
    imageVariable: 'REWEAR_KAFKA_IMAGE',
    check: kafkaAvailability,
  },
  mongodb: {
    variable: 'MONGODB_URI',
    imageVariable: 'REWEAR_FERRETDB_IMAGE',
    check: mongoAvailability,
  },
  meilisearch: {
    variable: 'MEILI_URL',
    imageVariable: 'REWEAR_MEILISEARCH_IMAGE',
    check: meiliAvailability,
  },
};

/** The image an engine runs in: its variable, else the name the last build wrote. */
function imageOf(variable: string): string | null {
  if (process.env[variable]) return process.env[variable]!;
  try {
    const line = readFileSync(IMAGES_ENV, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${variable}=`));
    return line ? line.slice(variable.length + 1).trim() : null;
  } catch {
    return null;
  }
}

/** Why Docker cannot be used here, or null when it answers. */
async function dockerProblem(): Promise<string | null> {
  try {
    const client = await getContainerRuntimeClient();
    await client.info;
    return null;
  } catch (error) {
    return `no Docker engine answers (${(error as Error).message.split('\n')[0]})`;
  }
}

/** A port free on the host now: Kafka must advertise the port clients reach it on. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startContainer(
  engine: ContractEngine,
  image: string,
): Promise<{ container: StartedTestContainer; url: string }> {
  const base = new GenericContainer(image)
    .withPullPolicy({ shouldPull: () => false })
    .withLabels({ 'org.rewear.contract-suite': engine })
    .withStartupTimeout(120_000)
    .withWaitStrategy(Wait.forHealthCheck());
  if (engine === 'kafka') {
    // The broker listens and advertises on the same port as the host maps, so the address it
    // hands to clients works from the host.
    const port = await freePort();
    const container = await base
      .withExposedPorts({ container: port, host: port })
      .withEnvironment({
        KAFKA_LISTENERS: `PLAINTEXT://:${port},CONTROLLER://:9093`,
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${port}`,
        // As scripts/engines/start-kafka.sh configures the broker the suites run on in CI.
        KAFKA_NUM_PARTITIONS: '3',
        KAFKA_OFFSETS_TOPIC_NUM_PARTITIONS: '3',
        KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
      })
      .withHealthCheck({
        test: [
          'CMD',
          '/opt/kafka/bin/kafka-broker-api-versions.sh',
          '--bootstrap-server',
          `localhost:${port}`,
        ],
        interval: 2_000,
        timeout: 10_000,
        retries: 60,
        startPeriod: 5_000,
      })
      .start();
    return { container, url: `127.0.0.1:${port}` };
  }
  if (engine === 'mongodb') {
    const container = await base.withExposedPorts(27017).start();
    return {
      container,
      url: `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/`,
    };
  }
  // Meilisearch protected by the key the suite sends, when one is set; open otherwise.
  const key = process.env.MEILI_MASTER_KEY ?? process.env.MEILI_API_KEY;
  const container = await base
    .withExposedPorts(7700)
    .withEnvironment({ MEILI_ENV: 'development', ...(key ? { MEILI_MASTER_KEY: key } : {}) })
    .start();
  return { container, url: `http://${container.getHost()}:${container.getMappedPort(7700)}` };
}

/**
 * The engine a contract suite runs on, by the rule above. A started container is stopped after
 * the test file (an afterAll hook of the file that asked for it).
 */
export async function contractEngine(engine: ContractEngine): Promise<EngineAvailability> {
  const { variable, imageVariable, check } = engines[engine];
  if (process.env[variable]?.trim()) return check();
  // The reaper runs in an image of its own, which no registry serves here: the hook below
  // stops what this file started.
  process.env.TESTCONTAINERS_RYUK_DISABLED ??= 'true';
  const problem = await dockerProblem();
  if (problem)
    return { available: false, url: null, reason: `${variable} is not set and ${problem}` };
  const image = imageOf(imageVariable);
  if (!image)
    return {
      available: false,
      url: null,
      reason: `${variable} is not set and no ${engine} image is named (${imageVariable}, or build one: bash scripts/containers/build-images.sh)`,
    };
  const client = await getContainerRuntimeClient();
  if (!(await client.image.exists(ImageName.fromString(image))))
    return {
      available: false,
      url: null,
      reason: `${variable} is not set and the image ${image} is missing (bash scripts/containers/build-images.sh)`,
    };
  const started = Date.now();
  const { container, url } = await startContainer(engine, image);
  console.info(
    `[testcontainers] ${engine}: ${image} at ${url}, ready in ${Date.now() - started} ms`,
  );
  afterAll(async () => {
    await container.stop({ remove: true, removeVolumes: true });
  }, 60_000);
  return { available: true, url, reason: '' };
}
