/**
 * The embedded search engine: an in-process full-text and facet index behind the SearchEngine
 * port (see search-index.ts for what it does and how).
 */
export { tokenize } from './text.ts';
export type { SearchIndexPart } from './snapshot.ts';
export { EmbeddedSearchIndex } from './search-index.ts';
export {
  createEmbeddedSearchEngine,
  type EmbeddedSearchEngine,
  type EmbeddedSearchPart,
} from './engine.ts';
