/**
 * The test command's last lines: how many tests each suite ran, passed, skipped and failed, from
 * the reports the runners wrote during this run (scripts/test.sh clears them first): vitest's and
 * Playwright's JSON reporters in test-results/summary/, schemathesis's run reports in
 * artifacts/fuzz/. A suite without a report did not run (the command stopped before it, or it
 * was skipped, as the log above says). Prints only; the runners' own exit codes decide.
 *   npx tsx scripts/test-summary.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const SUMMARY_DIR = path.join(ROOT, 'test-results/summary');
const FUZZ_DIR = path.join(ROOT, 'artifacts/fuzz');

interface Tally {
  suite: string;
  tests: number;
  passed: number;
  skipped: number;
  failed: number;
  unit: string;
}

const read = <T>(file: string): T | null =>
  existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : null;

/** vitest's JSON reporter (the Jest format). */
function vitest(suite: string, file: string): Tally | null {
  const report = read<{
    numTotalTests: number;
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  }>(path.join(SUMMARY_DIR, file));
  if (!report) return null;
  return {
    suite,
    tests: report.numTotalTests,
    passed: report.numPassedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failed: report.numFailedTests,
    unit: 'tests',
  };
}

/** Playwright's JSON reporter: expected = passed, unexpected = failed, flaky passed on a retry. */
function playwright(suite: string, file: string): Tally | null {
  const report = read<{
    stats: { expected: number; unexpected: number; skipped: number; flaky: number };
  }>(path.join(SUMMARY_DIR, file));
  if (!report) return null;
  const { expected, unexpected, skipped, flaky } = report.stats;
  return {
    suite,
    tests: expected + unexpected + skipped + flaky,
    passed: expected + flaky,
    skipped,
    failed: unexpected,
    unit: 'tests',
  };
}

/** A schemathesis run report: generated cases, those with failures. */
function fuzzer(name: string): Tally | null {
  const report = read<{ test_cases: { generated: number; with_failures: number } }>(
    path.join(FUZZ_DIR, name, 'report.json'),
  );
  if (!report) return null;
  const { generated, with_failures: failing } = report.test_cases;
  return {
    suite: `API fuzzer, ${name}`,
    tests: generated,
    passed: generated - failing,
    skipped: 0,
    failed: failing,
    unit: 'cases',
  };
}

const SUITES: Array<[string, () => Tally | null]> = [
  [
    'unit, contract and API suites (vitest)',
    () => vitest('unit, contract and API (vitest)', 'vitest.json'),
  ],
  ['API fuzzer, anonymous', () => fuzzer('anonymous')],
  ['API fuzzer, anonymous-refused', () => fuzzer('anonymous-refused')],
  ['API fuzzer, signed-in', () => fuzzer('signed-in')],
  ['browser suite, one process', () => playwright('browser, one process', 'e2e-embedded.json')],
  [
    'browser suite, distributed topology',
    () => playwright('browser, distributed topology', 'e2e-distributed.json'),
  ],
  ['fault suite', () => vitest('faults, distributed topology', 'faults.json')],
];

const rows = SUITES.map(([name, tally]) => ({ name, tally: tally() }));
const ran = rows.flatMap((r) => (r.tally ? [r.tally] : []));
const tests = ran.filter((t) => t.unit === 'tests');
const sum = (key: keyof Omit<Tally, 'suite' | 'unit'>) => tests.reduce((n, t) => n + t[key], 0);
const pad = (n: number) => String(n).padStart(6);

console.log('\n== test summary');
for (const { name, tally } of rows) {
  console.log(
    tally
      ? `${tally.suite.padEnd(40)} ${pad(tally.tests)} ${tally.unit.padEnd(5)} ${pad(tally.passed)} passed ${pad(tally.skipped)} skipped ${pad(tally.failed)} failed`
      : `${name.padEnd(40)} not run`,
  );
}
console.log(
  `${'all test suites'.padEnd(40)} ${pad(sum('tests'))} tests ${pad(sum('passed'))} passed ${pad(sum('skipped'))} skipped ${pad(sum('failed'))} failed` +
    (rows.some((r) => !r.tally) ? ` (${rows.filter((r) => !r.tally).length} not run)` : ''),
);
// The same totals in the one-line form most CI log readers look for (Jest's).
const totals = [
  sum('failed') && `${sum('failed')} failed`,
  sum('skipped') && `${sum('skipped')} skipped`,
  `${sum('passed')} passed`,
  `${sum('tests')} total`,
].filter(Boolean);
console.log(`Tests:       ${totals.join(', ')}`);
