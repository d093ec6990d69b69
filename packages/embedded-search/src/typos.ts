/** Typo tolerance as Meilisearch counts it. */

/** Meilisearch's default typo budget by word length (minWordSizeForTypos 5 and 9). */
export function typoBudget(word: string): number {
  return word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0;
}

/**
 * Restricted Damerau-Levenshtein distance (a transposition counts 1), or max + 1 once it is
 * sure to exceed `max`. With `prefix`, the distance from `word` to the closest prefix of `term`.
 */
export function boundedDistance(word: string, term: string, max: number, prefix: boolean): number {
  const m = word.length;
  const n = prefix ? Math.min(term.length, m + max) : term.length;
  if (!prefix && Math.abs(m - n) > max) return max + 1;
  if (prefix && n < m - max) return max + 1;
  // rows over the word, columns over the term; keep three columns for transpositions
  let before = new Array<number>(m + 1).fill(0);
  let previous = new Array<number>(m + 1);
  let current = new Array<number>(m + 1);
  for (let i = 0; i <= m; i++) previous[i] = i;
  let best = prefix ? previous[m]! : max + 1;
  for (let j = 1; j <= n; j++) {
    current[0] = j;
    let columnMin = current[0];
    const t = term.charCodeAt(j - 1);
    for (let i = 1; i <= m; i++) {
      const w = word.charCodeAt(i - 1);
      let value = Math.min(
        previous[i]! + 1,
        current[i - 1]! + 1,
        previous[i - 1]! + (w === t ? 0 : 1),
      );
      if (i > 1 && j > 1 && w === term.charCodeAt(j - 2) && word.charCodeAt(i - 2) === t) {
        value = Math.min(value, before[i - 2]! + 1);
      }
      current[i] = value;
      if (value < columnMin) columnMin = value;
    }
    if (prefix && current[m]! < best) best = current[m]!;
    if (columnMin > max) return prefix ? Math.min(best, max + 1) : max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return prefix ? best : previous[m]!;
}
