import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Runs the test command's summary over reports written here, and returns what it printed. */
function summaryOf(reports: Record<string, unknown>): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'rewear-summary-'));
  const summaryDir = path.join(dir, 'summary');
  const fuzzDir = path.join(dir, 'fuzz');
  mkdirSync(summaryDir, { recursive: true });
  mkdirSync(fuzzDir, { recursive: true });
  for (const [file, report] of Object.entries(reports)) {
    const target = path.join(file.startsWith('fuzz/') ? dir : summaryDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, JSON.stringify(report));
  }
  const out = execFileSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'scripts/test-summary.ts')],
    {
      env: { ...process.env, TEST_SUMMARY_DIR: summaryDir, TEST_FUZZ_DIR: fuzzDir },
      encoding: 'utf8',
    },
  );
  return out.trimEnd().split('\n');
}

const vitestReport = (passed: number, failed: number, pending: number) => ({
  numTotalTests: passed + failed + pending,
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: pending,
  numTodoTests: 0,
});

describe('the test command summary', () => {
  it("ends on the plain line CI reads in any language: 'N passed, N failed, N skipped'", () => {
    const lines = summaryOf({
      'vitest.json': vitestReport(40, 1, 2),
      'e2e-embedded.json': { stats: { expected: 5, unexpected: 0, skipped: 1, flaky: 1 } },
      'fuzz/signed-in/report.json': { test_cases: { generated: 900, with_failures: 0 } },
    });
    const last = lines.at(-1)!;
    // Fuzzer cases are counted apart from tests; a flaky test passed on its retry.
    expect(last).toBe('Tests: 46 passed, 1 failed, 3 skipped');
    expect(last).toMatch(/^(\w+: )?\d+ passed, \d+ failed(, \d+ skipped)?$/);
  });

  it('says which suites did not run, and still closes with the totals', () => {
    const lines = summaryOf({ 'vitest.json': vitestReport(3, 0, 0) });
    expect(lines.find((l) => l.startsWith('fault suite'))).toMatch(/not run$/);
    expect(lines.at(-1)).toBe('Tests: 3 passed, 0 failed, 0 skipped');
  });
});
