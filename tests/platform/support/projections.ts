/** Projector sets and read-model snapshots shared by the platform suites. */
import type { Projector, ReadSide } from '@rewear/platform';
import { createProjectors } from '@rewear/projectors';

/**
 * The real projectors. By default the catalogue's algorithmic collections are recomputed inside
 * `apply` (no timer), so what a projection holds depends on the events alone; that costs a scan
 * of the listings per event, so larger suites pass a delay and flush before comparing.
 */
export function realProjectors(collectionsDelayMs = 0): {
  all: Projector[];
  flush: () => Promise<void>;
} {
  const set = createProjectors({ collectionsDelayMs });
  return { all: set.all, flush: () => set.catalogue.flush() };
}

/** Every document of every collection the projectors own, sorted by id. */
export async function everyDocument(
  target: ReadSide,
  projectors: readonly Projector[],
): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const projector of projectors) {
    for (const name of Object.keys(projector.collections)) {
      out[name] = await target.collection(name).find({}, { sort: { _id: 1 } });
    }
    for (const name of Object.keys(projector.searchIndexes ?? {})) {
      const { hits } = await target.searchIndex(name).search({ q: '', limit: 1_000_000 });
      out[`search:${name}`] = [...hits].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    }
  }
  return out;
}
