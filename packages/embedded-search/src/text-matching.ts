/** The vocabulary of text matching: how query words expand to terms, and relevance weights. */

/** Query words joined into one: 2 or 3 adjacent ones (Meilisearch's ngrams). */
export const MAX_NGRAM = 3;
/** A split's two words are looked for side by side up front when one of them is this rare. */
export const ADJACENCY_CHECKS = 2_000;

export interface Expansion {
  term: number;
  /** Typos counted the Meilisearch way. */
  typos: number;
  exact: boolean;
}

/** One way to match a run of `length` query words (see EmbeddedSearchIndex.derivations). */
export interface Derivation {
  length: number;
  /** The run joined into one word (length 2 and 3): the terms it stands for. */
  expansions: Expansion[];
  /** The run (or its single word) as two adjacent indexed words (term ids). */
  split: [number, number] | null;
}

/** Relevance weights: typos first, then the attribute rank, then exact over prefix matches. */
export const TYPO_WEIGHT = 1 << 16;
export const RANK_WEIGHT = 1 << 5;
