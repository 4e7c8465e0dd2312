import { stemmer } from 'stemmer';
import { type MatchTerm, foldText } from './query-text.ts';

/**
 * Excerpts and marked titles, the same for both dialects (docs/search.md, "Excerpts"): a text
 * word matches a query word when their folded forms or Porter stems are equal, the last word
 * of a prefix term by prefix, alternatives as whole words; a phrase where its words follow.
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

export interface Marker {
  /** Per term, its ways to match: a phrase (words in order), or one of its alternatives. */
  terms: WordTest[][][];
  /** First letters a matching word can start with: the only words folded and stemmed. */
  firsts: Set<string>;
  /** The same, by character code. */
  firstCodes: Set<number>;
}

/** Porter stems of text words, cached (the same words recur from query to query), cleared when large. */
const stems = new Map<string, string>();
export function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) {
    if (stems.size >= 20_000) stems.clear();
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
  return {
    terms: terms.map((term) => [
      term.words.map((word, index) => test(word, term.prefix && index === term.words.length - 1)),
      ...(term.alternatives ?? []).map((word) => [test(word, false)]),
    ]),
    firsts,
    firstCodes: new Set([...firsts].map((first) => first.charCodeAt(0))),
  };
}

/** The words of a text: where each starts and ends, and its folded form when its first letter could match. */
interface Tokens {
  starts: number[];
  ends: number[];
  folded: Array<string | undefined>;
}

const WORD_CHARACTER = /[\p{L}\p{N}\p{M}]/u;
/** A word (letters, digits, marks) with any character outside ASCII. */
const NOT_ASCII = /[^A-Za-z0-9]/;
const isAsciiWord = (code: number) => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);

/** The length of the word character at `at` (2 for a surrogate pair), 0 when it is not one. */
function wordCharacterAt(text: string, at: number): number {
  if (at >= text.length) return 0;
  const code = text.charCodeAt(at);
  if (code < 128) return isAsciiWord(code) ? 1 : 0;
  const point = text.codePointAt(at) ?? code;
  return WORD_CHARACTER.test(String.fromCodePoint(point)) ? (point > 0xffff ? 2 : 1) : 0;
}

/** The words of `text` (runs of letters, digits and marks); only those whose first letter may match are copied and folded. */
function tokensOf(text: string, { firsts, firstCodes }: Marker): Tokens {
  const tokens: Tokens = { starts: [], ends: [], folded: [] };
  let at = 0;
  while (at < text.length) {
    const start = at;
    for (let size = wordCharacterAt(text, at); size > 0; size = wordCharacterAt(text, at)) at += size;
    if (at === start) {
      // Not a word character: skipped (a surrogate pair as one).
      at += (text.codePointAt(at) ?? 0) > 0xffff ? 2 : 1;
      continue;
    }
    // An ASCII first letter folds to its lower case.
    const first = text.charCodeAt(start);
    let folded: string | undefined;
    if (first >= 128) folded = foldText(text.slice(start, at));
    else if (firstCodes.has(first >= 65 && first <= 90 ? first + 32 : first)) {
      const word = text.slice(start, at);
      folded = NOT_ASCII.test(word) ? foldText(word) : word.toLowerCase();
    }
    tokens.starts.push(start);
    tokens.ends.push(at);
    tokens.folded.push(folded !== undefined && firsts.has(folded[0] ?? '') ? folded : undefined);
  }
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

function matchesIn({ folded }: Tokens, marker: Marker): Match[] {
  const found: Match[] = [];
  for (let index = 0; index < folded.length; index++) {
    if (folded[index] === undefined) continue;
    for (let term = 0; term < marker.terms.length; term++) {
      const phrase = marker.terms[term]?.find((words) => phraseAt(folded, index, words));
      if (phrase) found.push({ from: index, to: index + phrase.length, term });
    }
  }
  return found;
}

/** Whether the words of `phrase` follow each other from token `index` on. */
function phraseAt(folded: ReadonlyArray<string | undefined>, index: number, phrase: readonly WordTest[]): boolean {
  if (index + phrase.length > folded.length) return false;
  for (let offset = 0; offset < phrase.length; offset++) {
    const test = phrase[offset];
    if (!test || !wordMatches(folded[index + offset], test)) return false;
  }
  return true;
}

/** The text of tokens [from, to) with the matches marked; `from` 0 and `to` the end take the text's edges. */
function marked(text: string, { starts, ends }: Tokens, matches: readonly Match[], from: number, to: number): string {
  const finish = to >= starts.length ? text.length : (ends[to - 1] ?? text.length);
  let out = '';
  let at = from === 0 ? 0 : (starts[from] ?? 0);
  let open = -1;
  let close = -1;
  const flush = () => {
    if (open < 0) return;
    const start = starts[open] ?? at;
    const end = ends[close - 1] ?? start;
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
    if (inWindow.size > best.terms || (inWindow.size === best.terms && count > best.count)) best = { first: left, last: right, terms: inWindow.size, count };
  }
  const from = matches[best.first]?.from ?? 0;
  const to = Math.max(from + 1, matches[best.last]?.to ?? from + 1);
  const start = Math.max(0, Math.min(tokenCount - size, from - Math.floor((size - Math.min(size, to - from)) / 2)));
  return [start, start + size];
}

/** The whole title marked, and about `size` words of the body around its densest matches ('…' where cut), marked ('' for an empty body). */
export function markEntry(title: string, body: string, marker: Marker, size: number = EXCERPT_WORDS): { titleMarked: string; bodyExcerpt: string } {
  const titleTokens = tokensOf(title, marker);
  const titleMarked = marked(title, titleTokens, matchesIn(titleTokens, marker), 0, titleTokens.starts.length);
  if (body.trim() === '') return { titleMarked, bodyExcerpt: '' };
  const tokens = tokensOf(body, marker);
  const matches = matchesIn(tokens, marker);
  const [from, to] = bestWindow(tokens.starts.length, matches, size);
  return { titleMarked, bodyExcerpt: `${from > 0 ? ELLIPSIS : ''}${marked(body, tokens, matches, from, to)}${to < tokens.starts.length ? ELLIPSIS : ''}` };
}
