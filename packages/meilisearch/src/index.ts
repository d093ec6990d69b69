export {
  createMeiliSearchEngine,
  meiliSearchRequest,
  plainQuery,
  toMeiliFilter,
  type MeiliSearchOptions,
} from './meili-search.ts';
