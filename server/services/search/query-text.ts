import { SEARCH_QUERY_MAX_CHARS } from '@domain/search/types.ts';

/** The visitor's text as words of letters and digits (docs/search.md, "How ranking works"): the index builds its MATCH or tsquery from them only. */

/** More words than this are dropped: a long sentence costs more than it finds. */
export const SEARCH_MAX_TERMS = 8;
/** Longer words are cut; no real word of the knowledge base is longer. */
export const SEARCH_MAX_WORD_CHARS = 40;

/** A run of letters and digits, in any script. */
const WORD = /[\p{L}\p{N}]+/gu;
/** Words joined by hyphens ("boil-off", "c3-c4"), kept as one vocabulary word. */
const COMPOUND = /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Control and format characters, private-use characters (the excerpt markers are private-use), line breaks. */
const UNWANTED = /[\p{Cc}\p{Cf}\p{Co}\u2028\u2029]/gu;

/** One thing the query looks for: a word, or words that must follow each other ("boil-off" → boil, off). */
export interface QueryTerm {
  words: string[];
}

/** A term as a dialect matches it: its words in order, the last one a prefix when `prefix`. */
export interface MatchTerm extends QueryTerm {
  prefix: boolean;
  /** Whole words that match as well as this one (a one-word term's completions from the vocabulary). */
  alternatives?: readonly string[];
}

export interface ParsedQuery {
  /** SearchResponse.query: trimmed, control characters dropped, cut at SEARCH_QUERY_MAX_CHARS. */
  text: string;
  /** What to look for, at most SEARCH_MAX_TERMS. Empty when the text has no letter or digit. */
  terms: QueryTerm[];
}

/** Drops lone surrogates, control, format and private-use characters; collapses whitespace; trims; cuts. */
export function normaliseQuery(raw: string): string {
  const cleaned = String(raw).replace(LONE_SURROGATE, ' ').replace(UNWANTED, ' ').replace(/\s+/g, ' ').trim();
  if (cleaned.length <= SEARCH_QUERY_MAX_CHARS) return cleaned;
  // Cutting may split a surrogate pair; what is left of it goes too.
  return cleaned.slice(0, SEARCH_QUERY_MAX_CHARS).replace(LONE_SURROGATE, '').trim();
}

/** Lowercase, compatibility forms unfolded ("ﬁ" → "fi"), accents removed: how the index compares words. */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of `text` as the index sees them (folded). */
export function wordsOf(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

/** Parses what the visitor typed. Never throws. */
export function parseQuery(raw: string): ParsedQuery {
  const text = normaliseQuery(raw);
  const terms: QueryTerm[] = [];
  const seen = new Set<string>();
  for (const chunk of text.split(' ')) {
    const words = wordsOf(chunk).map((word) => word.slice(0, SEARCH_MAX_WORD_CHARS));
    if (words.length === 0) continue;
    const key = words.join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push({ words });
    if (terms.length === SEARCH_MAX_TERMS) break;
  }
  return { text, terms };
}

/** A term as the visitor would read it: "boil-off" for [boil, off]. */
export function termText(term: QueryTerm): string {
  return term.words.join('-');
}

/**
 * The words `text` adds to the vocabulary (docs/search.md, "Typing mistakes"), with how often:
 * folded words of 2 to 32 characters, not only digits, and hyphen-joined compounds ("boil-off").
 */
export function vocabularyOf(text: string, counts: Map<string, number> = new Map()): Map<string, number> {
  const folded = foldText(text);
  const add = (word: string) => {
    if (word.length < 2 || word.length > 32 || /^\p{N}+$/u.test(word)) return;
    counts.set(word, (counts.get(word) ?? 0) + 1);
  };
  for (const word of folded.match(WORD) ?? []) add(word);
  for (const compound of folded.match(COMPOUND) ?? []) add(compound);
  return counts;
}

/** Text stored in the index: the excerpt markers (and other private-use characters) cannot occur in it. */
export function indexableText(text: string): string {
  return text.replace(/[\p{Co}]/gu, '').replace(LONE_SURROGATE, '');
}
