/**
 * The Grafana dashboard (docker/grafana/dashboards/rewear.json) against a real Prometheus
 * (Debian's, scripts/engines/install-prometheus.sh) scraping the distributed topology's
 * processes: after some traffic, every panel's query must return data, so a panel that names a
 * metric the services do not serve (misspelt, renamed, removed) fails here. The alerting rules
 * (docker/prometheus/alerts.yml) are loaded too and must evaluate without error. Runs in the
 * fault suite, on the real engines; skipped, with the reason, without them or without Prometheus.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  engineEnvFrom,
  freePort,
  REPO_ROOT,
  startTopology,
  type Topology,
} from '../../scripts/distributed/topology.ts';
import {
  kafkaAvailability,
  meiliAvailability,
  mongoAvailability,
  reportSkip,
} from '@rewear/testing';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';

const SUITE = 'dashboard queries on a Prometheus scraping the distributed topology';
const engines = await Promise.all([kafkaAvailability(), mongoAvailability(), meiliAvailability()]);
const missingEngine = engines.find((engine) => !engine.available);
if (missingEngine) reportSkip(SUITE, missingEngine);
const prometheusBinary = ['/usr/bin/prometheus', '/usr/local/bin/prometheus'].find(existsSync);
if (!missingEngine && !prometheusBinary)
  console.warn(
    `[skipped] ${SUITE}: no prometheus binary (bash scripts/engines/install-prometheus.sh, as root)`,
  );

const OPS_TOKEN = 'dashboard-ops-token';
const SCRAPE_SECONDS = 2;
const DASHBOARD = path.join(REPO_ROOT, 'docker/grafana/dashboards/rewear.json');
/** Where the picture of the panels drawn by Prometheus is kept (CI keeps test-results/). */
const SCREENSHOT = path.join(REPO_ROOT, 'test-results/dashboard/panels-on-prometheus.png');
const ALERTS = path.join(REPO_ROOT, 'docker/prometheus/alerts.yml');
/** Measured on the embedded log only: the Kafka topology does not serve it (alerts.yml says so). */
const EMBEDDED_LOG_ONLY = new Set(['rewear_projector_lag_seconds']);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const print = (line: string) => console.log(`[dashboard] ${line}`);

interface PanelQuery {
  panel: string;
  refId: string;
  expr: string;
}

/** Every target of every panel, rows' panels included. */
function panelQueries(): PanelQuery[] {
  interface Panel {
    title: string;
    targets?: Array<{ refId: string; expr: string }>;
    panels?: Panel[];
  }
  const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as { panels: Panel[] };
  const flat = (panels: Panel[]): Panel[] => panels.flatMap((p) => [p, ...flat(p.panels ?? [])]);
  return flat(dashboard.panels).flatMap((panel) =>
    (panel.targets ?? []).map((t) => ({ panel: panel.title, refId: t.refId, expr: t.expr })),
  );
}

/** The `rewear_` metric names a text mentions. */
const metricNames = (text: string) => new Set(text.match(/\brewear_[a-z0-9_]+/g) ?? []);

let topology: Topology;
let prometheus: ChildProcess | null = null;
let prometheusUrl = '';
let workDir = '';

async function api<T>(pathAndQuery: string): Promise<T> {
  const response = await fetch(`${prometheusUrl}${pathAndQuery}`, {
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json()) as { status: string; data: T; error?: string };
  if (body.status !== 'success')
    throw new Error(`${pathAndQuery}: ${body.error ?? response.status}`);
  return body.data;
}

interface Sample {
  metric: Record<string, string>;
  value: [number, string];
}

const query = (expr: string) =>
  api<{ resultType: string; result: Sample[] }>(
    `/api/v1/query?query=${encodeURIComponent(expr)}`,
  ).then((data) => data.result);

/** Starts Prometheus on a free port, scraping each service process itself (not the router). */
async function startPrometheus(): Promise<void> {
  const port = await freePort();
  prometheusUrl = `http://127.0.0.1:${port}`;
  const tokenFile = path.join(workDir, 'ops-token');
  writeFileSync(tokenFile, OPS_TOKEN, { mode: 0o600 });
  const jobs = ['command-api', 'query-api', 'projectors'] as const;
  // JSON is YAML: Prometheus reads it as its configuration.
  const config = {
    global: {
      scrape_interval: `${SCRAPE_SECONDS}s`,
      scrape_timeout: `${SCRAPE_SECONDS}s`,
      evaluation_interval: `${SCRAPE_SECONDS}s`,
    },
    rule_files: [ALERTS],
    scrape_configs: jobs.map((job) => ({
      job_name: job,
      authorization: { type: 'Bearer', credentials_file: tokenFile },
      static_configs: [
        {
          targets: topology.services.filter((s) => s.role === job).map((s) => new URL(s.url).host),
        },
      ],
    })),
  };
  const configFile = path.join(workDir, 'prometheus.yml');
  writeFileSync(configFile, JSON.stringify(config, null, 2));
  let output = '';
  const child = spawn(
    prometheusBinary!,
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${path.join(workDir, 'tsdb')}`,
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const collect = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  prometheus = child;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited:\n${output}`);
    const ready = await fetch(`${prometheusUrl}/-/ready`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`prometheus was not ready in 30 s:\n${output}`);
    await sleep(250);
  }
}

async function stopPrometheus(): Promise<void> {
  const child = prometheus;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
  if (!stopped) {
    child.kill('SIGKILL');
    await exited;
  }
}

/** A request through the router, as a visitor; its status is of the class the test expects. */
async function visit(method: string, url: string, expected: '2xx' | '4xx', body?: unknown) {
  const response = await fetch(`${topology.url}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  await response.arrayBuffer();
  expect(`${Math.floor(response.status / 100)}xx`, `${method} ${url}: ${response.status}`).toBe(
    expected,
  );
}

describe.skipIf(missingEngine || !prometheusBinary)(SUITE, () => {
  beforeAll(async () => {
    workDir = mkdtempSync(path.join(os.tmpdir(), 'rewear-dashboard-'));
    topology = await startTopology({
      engines: engineEnvFrom(process.env),
      port: await freePort(),
      namespace: `dashboard${Date.now().toString(36)}`,
      workDir,
      seedListings: 20,
      env: { OPS_TOKEN },
    });
    await startPrometheus();
    // Some traffic of each kind: reads, a search, a refused command, an accepted one.
    await visit('GET', '/api/products?limit=5', '2xx');
    await visit('GET', '/api/search?query=shirt', '2xx');
    await visit('GET', '/api/products/no-such-listing', '4xx');
    await visit('POST', '/api/cart/create', '4xx', {});
    await visit('POST', '/api/contact', '2xx', {
      topic: 'other',
      subject: 'Dashboard check',
      message: 'A message sent by the dashboard test.',
      email: 'visitor@example.com',
    });
  }, 300_000);

  afterAll(async () => {
    await stopPrometheus();
    await topology?.stop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  }, 120_000);

  it('scrapes every process of the topology: up is 1 for each', async () => {
    const expected = topology.services.filter((s) => s.role !== 'router').length;
    let up: Sample[] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      up = await query('up');
      if (up.length === expected && up.every((s) => s.value[1] === '1')) break;
      await sleep(1000);
    }
    for (const s of up)
      print(`up{job="${s.metric.job}", instance="${s.metric.instance}"} ${s.value[1]}`);
    expect(up).toHaveLength(expected);
    expect(up.filter((s) => s.value[1] !== '1')).toEqual([]);
  });

  it('every panel query of the dashboard returns data', async () => {
    const queries = panelQueries();
    expect(queries.length).toBeGreaterThan(0);
    // Rates need two scrapes after the traffic: asked again until all answer or 60 s pass.
    let counts = new Map<PanelQuery, number>();
    const deadline = Date.now() + 60_000;
    for (;;) {
      counts = new Map(
        await Promise.all(queries.map(async (q) => [q, (await query(q.expr)).length] as const)),
      );
      if ([...counts.values()].every((n) => n > 0) || Date.now() > deadline) break;
      await sleep(SCRAPE_SECONDS * 1000);
    }
    for (const [q, n] of counts) print(`${q.panel} [${q.refId}]: ${n} series`);
    const empty = [...counts]
      .filter(([, n]) => n === 0)
      .map(([q]) => `${q.panel} [${q.refId}]: ${q.expr}`);
    expect(empty, 'panels whose query returned no data').toEqual([]);
  });

  it('names only metrics the services serve, in the dashboard and in the alerts', async () => {
    const served = new Set(await api<string[]>('/api/v1/label/__name__/values'));
    const named = (text: string) => [...metricNames(text)].filter((n) => !EMBEDDED_LOG_ONLY.has(n));
    const dashboardNames = named(readFileSync(DASHBOARD, 'utf8'));
    const alertNames = named(readFileSync(ALERTS, 'utf8'));
    print(
      `metric names: dashboard ${dashboardNames.length}, alerts ${alertNames.length}, served ${served.size}`,
    );
    expect(dashboardNames.filter((n) => !served.has(n))).toEqual([]);
    expect(alertNames.filter((n) => !served.has(n))).toEqual([]);
  });

  it('loads the alerting rules, which evaluate without error', async () => {
    type Rule = { name: string; health: string; lastError?: string; state?: string };
    let rules: Rule[] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const data = await api<{ groups: Array<{ rules: Rule[] }> }>('/api/v1/rules?type=alert');
      rules = data.groups.flatMap((g) => g.rules);
      if (rules.length && rules.every((r) => r.health !== 'unknown')) break;
      await sleep(1000);
    }
    for (const r of rules) print(`alert ${r.name}: ${r.health}, ${r.state}`);
    expect(rules.map((r) => r.name).sort()).toEqual([
      'OutboxBacklogGrowing',
      'ProjectorDeadLetters',
      'ProjectorLagging',
      'ServerErrorRateHigh',
    ]);
    expect(rules.filter((r) => r.health !== 'ok')).toEqual([]);
  });

  // Grafana's image cannot be had without a registry, so the dashboard's queries are drawn by the
  // Prometheus that scrapes the topology, on its own graph page (one graph per panel query): what an
  // operator without Grafana opens, and the picture of the dashboard that CI keeps.
  it('opens every panel query on Prometheus’s own graph page without an error (the picture CI keeps)', async () => {
    const queries = panelQueries();
    const graphs = queries
      .map((q, i) => `g${i}.expr=${encodeURIComponent(q.expr)}&g${i}.tab=0&g${i}.range_input=1m`)
      .join('&');
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${prometheusUrl}/graph?${graphs}`);
      // Wait until each graph has drawn its lines (path.path), or until an error box speaks.
      await page
        .waitForFunction(
          (count) => {
            const graphs = [...document.querySelectorAll('.graph_container')].slice(0, count);
            const drawnAll =
              graphs.length === count && graphs.every((g) => g.querySelector('path.path'));
            const failed = [...document.querySelectorAll('.alert-danger')].some((e) =>
              e.textContent?.trim(),
            );
            return drawnAll || failed;
          },
          queries.length,
          { timeout: 30_000 },
        )
        .catch(() => undefined);
      const drawn = await page.evaluate(() =>
        [...document.querySelectorAll('.graph_container')].map(
          (g) => g.querySelectorAll('path.path').length,
        ),
      );
      const errors = await page.evaluate(() =>
        [...document.querySelectorAll('.alert-danger')]
          .map((e) => (e as HTMLElement).innerText.trim())
          .filter(Boolean),
      );
      mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
      await page.screenshot({ path: SCREENSHOT, fullPage: true });
      print(
        `panels drawn by Prometheus: ${drawn.filter((n) => n > 0).length} of ${queries.length} (${drawn.reduce((a, b) => a + b, 0)} lines); picture ${path.relative(REPO_ROOT, SCREENSHOT)}`,
      );
      // Whether each panel has data is asserted above, through the API; here, that the page
      // takes every query without an error. Lines are counted for the log: a graph whose data
      // arrived after the page drew it shows none.
      expect(errors, 'the graph page’s errors').toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
