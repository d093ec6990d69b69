/** Text as the index reads it: lower case without diacritics, split into words. */

const DIACRITICS = /[\u0300-\u036f]/g;
const WORD_SEPARATORS = /[^\p{L}\p{N}]+/u;

const ASCII = /^[\x00-\x7f]*$/;

/** Lower case without diacritics. ASCII skips Unicode normalisation, whose ICU buffers cost GC time on bulk loads. */
export function normalize(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(DIACRITICS, '').toLowerCase();
}

export function tokenize(text: string): string[] {
  const out: string[] = [];
  tokenizeInto(text, out);
  return out;
}

/** The words of `text`, normalised, appended to `out`; ASCII text is split without a regex. */
export function tokenizeInto(text: string, out: string[]): void {
  if (!ASCII.test(text)) {
    for (const word of normalize(text).split(WORD_SEPARATORS)) if (word.length > 0) out.push(word);
    return;
  }
  const lower = text.toLowerCase();
  let start = -1;
  for (let i = 0; i <= lower.length; i++) {
    const c = i < lower.length ? lower.charCodeAt(i) : 32;
    if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      out.push(lower.slice(start, i));
      start = -1;
    }
  }
}

/** Meilisearch reads the first 10 words of a query and ignores the rest. */
export const MAX_QUERY_WORDS = 10;
