import { stemmer } from 'stemmer';
import { foldText } from './query-text.ts';
import type { MatchTerm } from './search-flow.ts';

/**
 * Excerpts and marked titles, built in TypeScript the same way for both dialects
 * (docs/search.md, "How ranking works", excerpts). A word of the text matches a query word
 * when their folded forms are equal or their Porter stems are (the stemming of SQLite's
 * `porter` tokenizer), the last word of a prefix term when the folded word starts with it,
 * and a term's alternatives (completions) as whole words. A term of several words matches
 * where they follow each other.
 */

/** Excerpt markers: private-use characters, which indexed text never holds (indexableText). */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';
/** Words in a body excerpt. */
export const EXCERPT_WORDS = 30;
const ELLIPSIS = '…';

interface WordTest {
  /** The folded query word. */
  word: string;
  stem: string;
  prefix: boolean;
}

/** A term's ways to match: a phrase (words in order), or one of its alternatives. */
type TermTest = WordTest[][];

export interface Marker {
  terms: TermTest[];
  /** First letters a matching word can start with: the only words folded and stemmed. */
  firsts: Set<string>;
  /** The same for ASCII, either case, by character code (1 where a word may match). */
  asciiFirsts: Uint8Array;
}

/**
 * Porter stems (as FTS5's porter tokenizer) of text words, kept across calls (the same words recur from query to query); cleared
 * when large so it never grows without bound.
 */
const stems = new Map<string, string>();
const STEMS_KEPT = 20_000;
export function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= STEMS_KEPT) stems.clear();
    stem = stemmer(word);
    stems.set(word, stem);
  }
  return stem;
}

/** The tests for the query's terms, built once per query. */
export function markerFor(terms: readonly MatchTerm[]): Marker {
  const firsts = new Set<string>();
  const test = (word: string, prefix: boolean): WordTest => {
    if (word[0]) firsts.add(word[0]);
    return { word, stem: prefix ? word : stemOf(word), prefix };
  };
  const tests = terms.map((term): TermTest => {
    const phrase = term.words.map((word, index) => test(word, term.prefix && index === term.words.length - 1));
    return [phrase, ...(term.alternatives ?? []).map((word) => [test(word, false)])];
  });
  const asciiFirsts = new Uint8Array(128);
  for (const first of firsts) {
    const code = first.charCodeAt(0);
    if (first.length === 1 && code < 128) asciiFirsts[code] = asciiFirsts[first.toUpperCase().charCodeAt(0)] = 1;
  }
  return { terms: tests, firsts, asciiFirsts };
}

/**
 * The words of one text: where each starts and ends, and its folded form when its first
 * letter could match. Only the first `count` entries are this text's.
 */
interface Tokens {
  count: number;
  starts: Int32Array;
  ends: Int32Array;
  /** undefined: the word cannot match (it was not folded). */
  folded: Array<string | undefined>;
}

/**
 * The one Tokens every call of tokensOf fills: a query marks up to a hundred rows of
 * thousands of words each, and arrays grown word by word for each text were most of what
 * a search allocated (and so of its pauses for garbage collection). markEntry is
 * synchronous and is done with one text's tokens before it reads the next.
 */
const scratch: Tokens = { count: 0, starts: new Int32Array(1024), ends: new Int32Array(1024), folded: [] };

function grow(tokens: Tokens): void {
  const starts = new Int32Array(tokens.starts.length * 2);
  const ends = new Int32Array(tokens.ends.length * 2);
  starts.set(tokens.starts);
  ends.set(tokens.ends);
  tokens.starts = starts;
  tokens.ends = ends;
}

const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;
/** 1 for the ASCII letters and digits. */
const ASCII_WORD = new Uint8Array(128);
for (let code = 0; code < 128; code++) ASCII_WORD[code] = /[A-Za-z0-9]/.test(String.fromCharCode(code)) ? 1 : 0;

/** The length of the word character at `at` (2 for a surrogate pair), 0 when it is not one. */
function wordCharacterAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code < 128) return ASCII_WORD[code] ?? 0;
  const point = text.codePointAt(at) ?? code;
  return WORD_CHARACTER.test(String.fromCodePoint(point)) ? (point > 0xffff ? 2 : 1) : 0;
}

/**
 * Splits text into words (runs of letters, digits and combining marks) by character codes
 * into the scratch tokens: a page of a PDF is thousands of words, and only the few that may
 * match are copied.
 */
function tokensOf(text: string, marker: Marker): Tokens {
  const tokens = scratch;
  const { firsts, asciiFirsts } = marker;
  const length = text.length;
  let count = 0;
  let at = 0;
  while (at < length) {
    const code = text.charCodeAt(at);
    // ASCII (nearly all text) is read through the table, without a call per character.
    if (code < 128 ? ASCII_WORD[code] === 0 : wordCharacterAt(text, at) === 0) {
      at += code >= 0xd800 && code <= 0xdbff ? 2 : 1;
      continue;
    }
    const start = at;
    let ascii = true;
    while (at < length) {
      const next = text.charCodeAt(at);
      if (next < 128) {
        if (ASCII_WORD[next] === 0) break;
        at++;
        continue;
      }
      const size = wordCharacterAt(text, at);
      if (size === 0) break;
      ascii = false;
      at += size;
    }
    let folded: string | undefined;
    if (ascii) {
      // ASCII words (nearly all) need no Unicode folding to know their first letter.
      if (asciiFirsts[text.charCodeAt(start)] === 1) folded = text.slice(start, at).toLowerCase();
    } else {
      const full = foldText(text.slice(start, at));
      if (firsts.has(full[0] ?? '')) folded = full;
    }
    if (count === tokens.starts.length) grow(tokens);
    tokens.starts[count] = start;
    tokens.ends[count] = at;
    tokens.folded[count] = folded;
    count++;
  }
  tokens.count = count;
  return tokens;
}

function wordMatches(folded: string | undefined, test: WordTest): boolean {
  if (folded === undefined) return false;
  if (test.prefix) return folded.startsWith(test.word);
  return folded === test.word || (folded[0] === test.word[0] && stemOf(folded) === test.stem);
}

interface Match {
  /** First token and the token after the last. */
  from: number;
  to: number;
  term: number;
}

/** Whether `phrase` matches the tokens from `index` on. */
function phraseAt(tokens: Tokens, index: number, phrase: readonly WordTest[]): boolean {
  if (index + phrase.length > tokens.count) return false;
  for (let offset = 0; offset < phrase.length; offset++) {
    const test = phrase[offset];
    if (!test || !wordMatches(tokens.folded[index + offset], test)) return false;
  }
  return true;
}

function matchesIn(tokens: Tokens, marker: Marker): Match[] {
  const found: Match[] = [];
  const { folded, count } = tokens;
  for (let index = 0; index < count; index++) {
    if (folded[index] === undefined) continue;
    for (let term = 0; term < marker.terms.length; term++) {
      for (const phrase of marker.terms[term] ?? []) {
        if (phraseAt(tokens, index, phrase)) {
          found.push({ from: index, to: index + phrase.length, term });
          break;
        }
      }
    }
  }
  return found;
}

/** The text of tokens [from, to) with the matches marked; `from` 0 and `to` the end take the text's edges. */
function marked(text: string, tokens: Tokens, matches: readonly Match[], from: number, to: number): string {
  const begin = from === 0 ? 0 : (tokens.starts[from] ?? 0);
  const finish = to >= tokens.count ? text.length : (tokens.ends[to - 1] ?? text.length);
  let out = '';
  let at = begin;
  let open = -1;
  let close = -1;
  const flush = () => {
    if (open < 0) return;
    const start = tokens.starts[open] ?? at;
    const end = tokens.ends[close - 1] ?? start;
    out += text.slice(at, start) + MARK_START + text.slice(start, end) + MARK_END;
    at = end;
    open = -1;
  };
  for (const match of matches) {
    if (match.to <= from || match.from >= to) continue;
    const first = Math.max(match.from, from);
    const last = Math.min(match.to, to);
    // Overlapping matches become one marked run (neighbours stay apart, as separate words).
    if (open >= 0 && first < close) close = Math.max(close, last);
    else {
      flush();
      open = first;
      close = last;
    }
  }
  flush();
  return out + text.slice(at, finish);
}

/**
 * The tokens [from, to) of the window of `size` words holding the most different terms, then
 * the most matches (the first such), with the matches near its middle.
 */
function bestWindow(tokenCount: number, matches: readonly Match[], size: number): [number, number] {
  if (tokenCount <= size) return [0, tokenCount];
  if (matches.length === 0) return [0, size];
  let best = { first: 0, last: 0, terms: 0, count: 0 };
  const inWindow = new Map<number, number>();
  let left = 0;
  for (let right = 0; right < matches.length; right++) {
    const added = matches[right];
    if (!added) continue;
    inWindow.set(added.term, (inWindow.get(added.term) ?? 0) + 1);
    for (let first = matches[left]; first && added.to - first.from > size; first = matches[left]) {
      const uses = (inWindow.get(first.term) ?? 1) - 1;
      if (uses === 0) inWindow.delete(first.term);
      else inWindow.set(first.term, uses);
      left++;
    }
    const count = right - left + 1;
    if (inWindow.size > best.terms || (inWindow.size === best.terms && count > best.count)) {
      best = { first: left, last: right, terms: inWindow.size, count };
    }
  }
  const from = matches[best.first]?.from ?? 0;
  const to = Math.max(from + 1, matches[best.last]?.to ?? from + 1);
  const start = Math.max(0, Math.min(tokenCount - size, from - Math.floor((size - Math.min(size, to - from)) / 2)));
  return [start, start + size];
}

export interface MarkedText {
  /** The whole title, its matches marked. */
  titleMarked: string;
  /** About EXCERPT_WORDS words of the body around its densest matches ('…' where cut), marked; '' for an empty body. */
  bodyExcerpt: string;
}

/** The title marked and the body cut around its matches and marked. */
export function markEntry(title: string, body: string, marker: Marker, size: number = EXCERPT_WORDS): MarkedText {
  // The title's tokens are read before the body's replace them (tokensOf fills one scratch).
  const titleTokens = tokensOf(title, marker);
  const titleMarked = marked(title, titleTokens, matchesIn(titleTokens, marker), 0, titleTokens.count);
  if (body.trim() === '') return { titleMarked, bodyExcerpt: '' };
  const tokens = tokensOf(body, marker);
  const matches = matchesIn(tokens, marker);
  const [from, to] = bestWindow(tokens.count, matches, size);
  const excerpt = marked(body, tokens, matches, from, to);
  return {
    titleMarked,
    bodyExcerpt: `${from > 0 ? ELLIPSIS : ''}${excerpt}${to < tokens.count ? ELLIPSIS : ''}`,
  };
}
