/**
 * The dependency audit of the test command: `npm audit --omit=dev` (what the servers and the
 * browser run, not the tools), its report printed, and a failure for any advisory at high or
 * critical severity that is not in ALLOWED below (each one explained in the README, "Dependency
 * audit"). When the registry has no advisory endpoint to ask (a mirror that answers only GET),
 * the audit says so and is skipped, as the engine suites are when their engine is out of reach;
 * AUDIT_REQUIRED=true makes that a failure instead.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Advisories accepted at high or critical, by their GitHub advisory id: see the README. */
export const ALLOWED: ReadonlyArray<{ id: string; package: string; why: string }> = [];

const GATED = new Set(['high', 'critical']);
const SEVERITIES = ['info', 'low', 'moderate', 'high', 'critical'];

interface Advisory {
  source?: number;
  name: string;
  title: string;
  url: string;
  severity: string;
  range: string;
}
interface Vulnerability {
  name: string;
  severity: string;
  isDirect: boolean;
  via: Array<Advisory | string>;
  range: string;
  fixAvailable: boolean | { name: string; version: string; isSemVerMajor: boolean };
}
export interface AuditReport {
  vulnerabilities?: Record<string, Vulnerability>;
  metadata?: { vulnerabilities?: Record<string, number> };
  error?: unknown;
  message?: string;
}

/** The GitHub advisory id at the end of an advisory's address. */
const advisoryId = (url: string) => /GHSA-[\w-]+$/.exec(url)?.[0] ?? url;

export interface Verdict {
  lines: string[];
  /** High or critical advisories that are not allowed. */
  failing: string[];
}

/** Reads npm audit's JSON report: what to print, and what fails the run. */
export function judge(report: AuditReport, allowed = ALLOWED): Verdict {
  const lines: string[] = [];
  const failing: string[] = [];
  const vulnerabilities = Object.values(report.vulnerabilities ?? {}).sort(
    (a, b) =>
      SEVERITIES.indexOf(b.severity) - SEVERITIES.indexOf(a.severity) ||
      a.name.localeCompare(b.name),
  );
  for (const vulnerability of vulnerabilities) {
    const fix =
      vulnerability.fixAvailable === true
        ? 'fix: npm audit fix'
        : vulnerability.fixAvailable
          ? `fix: ${vulnerability.fixAvailable.name}@${vulnerability.fixAvailable.version}${vulnerability.fixAvailable.isSemVerMajor ? ' (major)' : ''}`
          : 'no fix available';
    lines.push(
      `${vulnerability.severity.padEnd(8)} ${vulnerability.name} ${vulnerability.range} (${fix})`,
    );
    for (const via of vulnerability.via) {
      if (typeof via === 'string') {
        lines.push(`           through ${via}`);
        continue;
      }
      const id = advisoryId(via.url);
      const accepted = allowed.find((entry) => entry.id === id);
      lines.push(
        `           ${via.severity}: ${via.title} ${via.url}${accepted ? ' [allowed: see README]' : ''}`,
      );
      if (GATED.has(via.severity) && !accepted)
        failing.push(`${via.name} ${via.range}: ${via.title} (${via.severity}, ${via.url})`);
    }
  }
  const counts = report.metadata?.vulnerabilities ?? {};
  lines.push(`npm audit --omit=dev: ${SEVERITIES.map((s) => `${counts[s] ?? 0} ${s}`).join(', ')}`);
  return { lines, failing: [...new Set(failing)] };
}

function main(): number {
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  let report: AuditReport;
  try {
    report = JSON.parse(run.stdout) as AuditReport;
  } catch {
    report = { error: true, message: (run.stderr || run.stdout || 'no answer').trim() };
  }
  if (report.error !== undefined || !report.metadata) {
    const reason = report.message ?? 'the registry gave no audit report';
    if (process.env.AUDIT_REQUIRED === 'true') {
      console.error(`npm audit --omit=dev could not run: ${reason}`);
      return 1;
    }
    console.log(
      `[skipped] npm audit --omit=dev: the registry's advisory endpoint did not answer (${reason})`,
    );
    return 0;
  }
  const { lines, failing } = judge(report);
  for (const line of lines) console.log(line);
  if (failing.length) {
    console.error(
      `npm audit: ${failing.length} advisory(ies) at high or critical severity, neither fixed nor explained in the README:`,
    );
    for (const advisory of failing) console.error(`  ${advisory}`);
    return 1;
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(main());
