import { describe, expect, it } from 'vitest';
import { unframed } from '../../scripts/fuzz/output.ts';

// The pattern a log reader that knows pytest takes for its closing line.
const PYTEST_CLOSING = /^=+ .* in [\d.]+s =+$/;

describe("the fuzzer's output as the log shows it", () => {
  it("takes the '=' frame off schemathesis' closing banner, keeping its words", () => {
    const banner = ` No issues found in 95.12s `.padStart(50, '=').padEnd(80, '=');
    expect(banner).toMatch(PYTEST_CLOSING);
    const line = unframed(banner);
    expect(line).toBe('-- schemathesis: No issues found in 95.12s');
    expect(line).not.toMatch(PYTEST_CLOSING);
  });

  it('takes the frame off section titles too, and leaves every other line as it is', () => {
    expect(unframed('=========== SUMMARY ===========')).toBe('-- schemathesis: SUMMARY');
    expect(unframed('  Test cases: 3533 generated, 3533 passed')).toBe(
      '  Test cases: 3533 generated, 3533 passed',
    );
    expect(unframed('================')).toBe('================');
  });
});
