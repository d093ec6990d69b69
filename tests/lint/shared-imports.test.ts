/**
 * The lint rule that keeps each API's shared code below its feature folders (eslint.config.js,
 * `import-x/no-restricted-paths`): a shared module importing a feature's piece is reported; one
 * importing shared code (and, in command-api, the payment port) is not. And the one that keeps
 * the platform below the engine packages that build on it.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function lintAsShared(app: 'command-api' | 'query-api', text: string) {
  const [result] = await eslint.lintText(text, {
    filePath: path.join(root, `apps/${app}/src/shared/probe.ts`),
  });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths');
}

describe("lint: an API's shared code imports no feature folder", () => {
  it("reports command-api's shared code importing a feature", async () => {
    const messages = await lintAsShared(
      'command-api',
      "import { listings } from '../listing/aggregate.ts';\nexport const probe = listings;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain("command-api's shared code");
  });

  it("reports query-api's shared code importing a feature", async () => {
    const messages = await lintAsShared(
      'query-api',
      "import { createNotificationFeed } from '../notifications/live-feed.ts';\nexport const probe = createNotificationFeed;\n",
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain("query-api's shared code");
  });

  it('lets shared code import shared code and the payment port', async () => {
    const messages = await lintAsShared(
      'command-api',
      "import type { PaymentGateway } from '../payments/port.ts';\n" +
        "import { aggregateOf } from './decider.ts';\n" +
        'export type Probe = PaymentGateway;\nexport const probe = aggregateOf;\n',
    );
    expect(messages).toEqual([]);
  });
});

async function lintAsPlatform(text: string) {
  const [result] = await eslint.lintText(text, {
    filePath: path.join(root, 'packages/platform/src/probe.ts'),
  });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths');
}

describe('lint: the platform imports no engine package', () => {
  it.each([
    ["import { openSqliteEventLog } from '@rewear/sqlite';", 'openSqliteEventLog'],
    ["import { openMongoEventStore } from '@rewear/mongodb';", 'openMongoEventStore'],
    ["import { createKafkaBus } from '@rewear/kafka';", 'createKafkaBus'],
    ["import { createMeiliSearchEngine } from '@rewear/meilisearch';", 'createMeiliSearchEngine'],
    ["import { createPlatform } from '@rewear/engines';", 'createPlatform'],
  ])('reports %s', async (line, name) => {
    const messages = await lintAsPlatform(`${line}\nexport const probe = ${name};\n`);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.message).toContain('The platform is engine-neutral');
  });

  it('lets the platform import its own code and the embedded engines', async () => {
    const messages = await lintAsPlatform(
      "import { createFilePhotoStore } from './adapters/file-photo-store.ts';\n" +
        "import { createMemoryReadModelStore } from '@rewear/memory-read-models';\n" +
        'export const probe = [createFilePhotoStore, createMemoryReadModelStore];\n',
    );
    expect(messages).toEqual([]);
  });
});
