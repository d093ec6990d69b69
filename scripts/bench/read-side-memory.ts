/**
 * Where the embedded read side's memory goes: boots the projections on a seeded log (a scratch
 * copy) and prints, per read model, its documents and the heap they hold (measured by dropping
 * the collection and collecting garbage), then the search index.
 *
 *   npm run bench:read-side-memory -- --data-dir .bench/data-100000
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, startProjections } from '@rewear/platform';
import { createPlatform } from '@rewear/engines';
import { createProjectors } from '@rewear/projectors';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
if (!values['data-dir'] || !global.gc) {
  console.error(
    'usage: node --expose-gc --import tsx scripts/bench/read-side-memory.ts --data-dir <seeded log>',
  );
  process.exit(2);
}
const scratch = `${path.resolve(values['data-dir'])}-memory`;
rmSync(scratch, { recursive: true, force: true });
cpSync(values['data-dir'], scratch, { recursive: true });
rmSync(path.join(scratch, 'read-side.snapshot'), { force: true });

const heap = () => {
  global.gc!();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
};
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1).padStart(8)} MB`;

const platform = await createPlatform(loadConfig({ DATA_DIR: scratch }));
try {
  const projectors = createProjectors();
  const runtime = await startProjections({
    platform,
    projectors: projectors.all,
    log: { info() {}, warn() {}, error() {} },
  });
  if (!(await runtime.catchUp(60 * 60_000))) throw new Error('the replay did not catch up');
  await projectors.catalogue.flush();
  await runtime.stop();
  const total = heap();
  console.log(`heap and buffers after the replay: ${mb(total)}`);
  const names = await platform.readModels.listCollections();
  const rows: Array<{ name: string; docs: number; bytes: number }> = [];
  for (const name of names) {
    const collection = platform.readModels.collection(name);
    const docs = await collection.count({});
    const before = heap();
    await collection.drop();
    rows.push({ name, docs, bytes: before - heap() });
  }
  rows.sort((a, b) => b.bytes - a.bytes);
  for (const row of rows)
    console.log(
      `${row.name.padEnd(40)} ${String(row.docs).padStart(9)} docs ${mb(row.bytes)} ${row.docs ? `${Math.round(row.bytes / row.docs)} B/doc` : ''}`,
    );
  for (const projector of projectors.all) {
    for (const name of Object.keys(projector.searchIndexes ?? {})) {
      const live = `${name}__g1`;
      const index = platform.search.index<{ id: string }>(live);
      const { total } = await index.search({ q: '', limit: 0 });
      const beforeSearch = heap();
      await index.clear();
      const bytes = beforeSearch - heap();
      console.log(
        `${`search index ${live}`.padEnd(40)} ${String(total).padStart(9)} docs ${mb(bytes)} ${total ? `${Math.round(bytes / total)} B/doc` : ''}`,
      );
    }
  }
  console.log(`${'the rest'.padEnd(40)} ${''.padStart(14)} ${mb(heap())}`);
} finally {
  await platform.close();
  rmSync(scratch, { recursive: true, force: true });
}
