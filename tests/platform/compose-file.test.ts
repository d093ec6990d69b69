/**
 * docker-compose.yml cannot be started on a machine without a Docker engine, so dclint checks
 * it on every run: against the Compose specification's schema, for ports published on every
 * interface and for images without a version tag (rule settings in .dclintrc.json); and that the
 * files it mounts from the checkout (Prometheus' and Grafana's) are there.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DCLINT = path.join(ROOT, 'node_modules/dclint/bin/dclint.cjs');
const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');

interface Report {
  errorCount: number;
  warningCount: number;
  messages: Array<{ rule: string; message: string }>;
}

/** dclint's JSON report on one file, with the project's rule settings. */
function lint(file: string): { status: number | null; report: Report } {
  const run = spawnSync(
    process.execPath,
    [
      DCLINT,
      file,
      '--formatter',
      'json',
      '--config',
      path.join(ROOT, '.dclintrc.json'),
      '--no-color',
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const reports = JSON.parse(run.stdout) as Report[];
  expect(reports).toHaveLength(1);
  return { status: run.status, report: reports[0]! };
}

describe('docker-compose.yml', () => {
  it('conforms to the Compose schema and publishes ports on 127.0.0.1 only', () => {
    const { status, report } = lint(COMPOSE_FILE);
    expect(report.messages).toEqual([]);
    expect(report.errorCount).toBe(0);
    expect(status).toBe(0);
  });

  /** The rules a changed copy of the compose file breaks (it exits non-zero). */
  function brokenRules(change: (text: string) => string): string[] {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rewear-compose-'));
    try {
      const file = path.join(dir, 'docker-compose.yml');
      writeFileSync(file, change(readFileSync(COMPOSE_FILE, 'utf8')));
      const { status, report } = lint(file);
      expect(status).not.toBe(0);
      return report.messages.map((m) => m.rule);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('is checked for real: a misspelt key breaks the schema', () => {
    expect(
      brokenRules((text) => text.replace('    healthcheck:\n', '    healthchek:\n')),
    ).toContain('invalid-schema');
  });

  it('is checked for real: a port published on every interface is an error', () => {
    expect(
      brokenRules((text) =>
        text.replace('"127.0.0.1:${REWEAR_HTTP_PORT:-8080}:80"', '"${REWEAR_HTTP_PORT:-8080}:80"'),
      ),
    ).toContain('no-unbound-port-interfaces');
  });

  it('mounts files of the checkout that exist: the monitoring configuration', () => {
    const text = readFileSync(COMPOSE_FILE, 'utf8');
    const sources = [...text.matchAll(/^\s+- (\.\/[^:\s]+):/gm)].map((match) => match[1]!);
    expect(sources).toEqual(
      expect.arrayContaining([
        './docker/prometheus/prometheus.yml',
        './docker/prometheus/alerts.yml',
        './docker/grafana/provisioning',
        './docker/grafana/dashboards',
      ]),
    );
    for (const source of sources) expect(existsSync(path.join(ROOT, source)), source).toBe(true);
  });
});
