/** The SearchEngine port over EmbeddedSearchIndex: indexes by name, and the whole engine as snapshot parts. */

import type { SearchEngine, SearchIndex } from '@rewear/ports';
import type { Interner } from '@rewear/memory-copy';
import { EmbeddedSearchIndex } from './search-index.ts';
import type { SearchIndexPart } from './snapshot.ts';

/** One part of a snapshot of the engine: a part of one of its indexes. */
export interface EmbeddedSearchPart {
  index: string;
  part: SearchIndexPart;
}

/** The embedded engine, which can also be written to a snapshot and read back from one. */
export interface EmbeddedSearchEngine extends SearchEngine {
  /** Every index, in parts of about `partSize` entries. */
  snapshotParts(partSize: number): Generator<EmbeddedSearchPart>;
  /** Adds a part read back from a snapshot (in the order they were written); see EmbeddedSearchIndex.restorePart. */
  restorePart(part: EmbeddedSearchPart, intern?: Interner): void;
}

export function createEmbeddedSearchEngine(): EmbeddedSearchEngine {
  const indexes = new Map<string, EmbeddedSearchIndex<{ id: string }>>();
  const indexNamed = (name: string) => {
    let index = indexes.get(name);
    if (!index) indexes.set(name, (index = new EmbeddedSearchIndex(name)));
    return index;
  };
  return {
    index<T extends { id: string }>(name: string): SearchIndex<T> {
      return indexNamed(name) as unknown as SearchIndex<T>;
    },
    *snapshotParts(partSize: number) {
      for (const [index, each] of indexes)
        for (const part of each.snapshotParts(partSize)) yield { index, part };
    },
    restorePart({ index, part }: EmbeddedSearchPart, intern?: Interner) {
      indexNamed(index).restorePart(part, intern);
    },
    async close() {
      indexes.clear();
    },
  };
}
