/**
 * The fingerprint of the code that shapes the read side: the projectors, the events they read,
 * the read-model shapes and the embedded engines. A snapshot of the read side is restored only
 * by the code that took it (packages/platform/src/adapters/read-side-snapshot.ts): any change
 * there, even one that would not change a document, rebuilds the read side by replay once.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCES = [
  'apps/projectors/src',
  'packages/contracts/src',
  'packages/features/src',
  'packages/platform/src',
  // The read side's engines and the choice among them (with the snapshot's restore).
  'packages/mongodb/src',
  'packages/meilisearch/src',
  'packages/engines/src',
  'packages/memory-read-models/src',
  'packages/embedded-search/src',
  'packages/memory-copy/src',
];

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

export function readSideFingerprint(root: string = ROOT): string {
  const hash = createHash('sha256');
  for (const source of SOURCES) {
    for (const file of filesUnder(path.join(root, source))) {
      hash.update(path.relative(root, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}
