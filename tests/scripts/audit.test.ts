import { describe, expect, it } from 'vitest';
import { judge, type AuditReport } from '../../scripts/audit.ts';

const advisory = (severity: string, id: string) => ({
  source: 1,
  name: 'left-pad',
  title: `a ${severity} flaw`,
  url: `https://github.com/advisories/${id}`,
  severity,
  range: '<1.3.0',
});

const report = (severity: string, id = 'GHSA-aaaa-bbbb-cccc'): AuditReport => ({
  vulnerabilities: {
    'left-pad': {
      name: 'left-pad',
      severity,
      isDirect: false,
      via: [advisory(severity, id)],
      range: '<1.3.0',
      fixAvailable: true,
    },
    'uses-left-pad': {
      name: 'uses-left-pad',
      severity,
      isDirect: true,
      via: ['left-pad'],
      range: '*',
      fixAvailable: { name: 'uses-left-pad', version: '2.0.0', isSemVerMajor: true },
    },
  },
  metadata: { vulnerabilities: { [severity]: 2, total: 2 } },
});

describe('the dependency audit', () => {
  it('passes a clean report and prints its totals', () => {
    const verdict = judge({ vulnerabilities: {}, metadata: { vulnerabilities: { total: 0 } } });
    expect(verdict.failing).toEqual([]);
    expect(verdict.lines).toEqual([
      'npm audit --omit=dev: 0 info, 0 low, 0 moderate, 0 high, 0 critical',
    ]);
  });

  it('prints moderate advisories without failing', () => {
    const verdict = judge(report('moderate'));
    expect(verdict.failing).toEqual([]);
    expect(verdict.lines.join('\n')).toContain('a moderate flaw');
  });

  it('fails on high and critical advisories, once per advisory', () => {
    for (const severity of ['high', 'critical']) {
      const verdict = judge(report(severity));
      expect(verdict.failing).toEqual([
        `left-pad <1.3.0: a ${severity} flaw (${severity}, https://github.com/advisories/GHSA-aaaa-bbbb-cccc)`,
      ]);
      expect(verdict.lines.join('\n')).toContain('through left-pad');
      expect(verdict.lines.join('\n')).toContain('fix: uses-left-pad@2.0.0 (major)');
    }
  });

  it('lets an advisory of the allow-list through, and only that one', () => {
    const allowed = [{ id: 'GHSA-aaaa-bbbb-cccc', package: 'left-pad', why: 'not reachable' }];
    expect(judge(report('critical'), allowed).failing).toEqual([]);
    expect(judge(report('critical', 'GHSA-dddd-eeee-ffff'), allowed).failing).toHaveLength(1);
  });
});
