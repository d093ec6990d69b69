import type { SearchSettings } from '@rewear/ports';
import type { FilterColumnState } from './filters.ts';
import type { SortColumnState } from './sort-columns.ts';

/**
 * One part of a snapshot of an index (see EmbeddedSearchIndex.snapshotParts): plain data that
 * `v8.serialize` writes as it is, typed arrays included.
 */
export type SearchIndexPart =
  | {
      kind: 'head';
      settings: SearchSettings;
      capacity: number;
      alive: Uint32Array;
      aliveCount: number;
      freeNumbers: number[];
      termTexts: string[];
      versions: Int32Array;
    }
  | { kind: 'docs'; from: number; docs: Array<{ id: string } | undefined> }
  | {
      kind: 'postings';
      from: number;
      lists: Array<{ docs: Int32Array; ranks: Uint8Array; versions: Int32Array; stale: number }>;
    }
  | { kind: 'filter'; attribute: string; column: FilterColumnState }
  | { kind: 'sort'; attribute: string; column: SortColumnState };
