/**
 * The lint rule that keeps a feature's faces apart (eslint.config.js, `import-x/no-restricted-paths`):
 * fixtures with a forbidden import, each linted as the module file it stands in for, are
 * reported; a clean one is not. The fixtures themselves are ignored by `eslint .`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const fixtures = path.join(import.meta.dirname, 'fixtures/lint');
const eslint = new ESLint({ cwd: root });

/** The messages of the fixture's text linted at the place of `face` in the conversation module. */
async function lintAs(fixture: string, face: 'domain' | 'decider' | 'projection' | 'queries') {
  const [result] = await eslint.lintText(readFileSync(path.join(fixtures, fixture), 'utf8'), {
    filePath: path.join(root, `packages/features/src/conversation/${face}.ts`),
  });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths');
}

describe('lint: a feature module keeps its faces apart', () => {
  it('reports a projection importing the decider', async () => {
    const messages = await lintAs('projection-imports-decider.ts', 'projection');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain("never its decider's writes");
  });

  it('reports a part of a projection folder importing the decider', async () => {
    const [result] = await eslint.lintText(
      readFileSync(path.join(fixtures, 'projection-part-imports-decider.ts'), 'utf8'),
      { filePath: path.join(root, 'packages/features/src/listing/projection/listings.ts') },
    );
    const messages = result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain("never its decider's writes");
  });

  it('reports a decider importing the read models', async () => {
    const messages = await lintAs('decider-reads-read-model.ts', 'decider');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain('it reads no read model');
  });

  it('reports a query importing the HTTP framework', async () => {
    const messages = await lintAs('queries-imports-http.ts', 'queries');
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain('never HTTP');
  });

  it('reports a module importing upward from an app', async () => {
    const messages = await lintAs('domain-imports-app.ts', 'domain');
    expect(messages.map((m) => m.message)).toContainEqual(
      expect.stringContaining('A library imports only other libraries'),
    );
  });

  it('lets a projection import its domain and the read models', async () => {
    expect(await lintAs('projection-clean.ts', 'projection')).toEqual([]);
  });

  it('keeps the fixtures out of the real lint run', async () => {
    expect(await eslint.isPathIgnored(path.join(fixtures, 'projection-imports-decider.ts'))).toBe(
      true,
    );
  });
});
