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
  };
}

/** A word of the text: where it starts and ends, and its folded form when its first letter could match. */
interface Token {
  start: number;
  end: number;
  folded?: string;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
/** A word (letters, digits, marks) with any character outside ASCII. */
const NOT_ASCII = /[^A-Za-z0-9]/;

function tokensOf(text: string, { firsts }: Marker): Token[] {
  const tokens: Token[] = [];
  for (const found of text.matchAll(WORD)) {
    const word = found[0];
    const start = found.index;
    // An ASCII word folds to its lower case; only words whose first letter may match are folded.
    const folded = NOT_ASCII.test(word) ? foldText(word) : firsts.has(word[0]?.toLowerCase() ?? '') ? word.toLowerCase() : undefined;
    tokens.push({ start, end: start + word.length, ...(folded !== undefined && firsts.has(folded[0] ?? '') ? { folded } : {}) });
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

function matchesIn(tokens: readonly Token[], marker: Marker): Match[] {
  const found: Match[] = [];
  tokens.forEach((token, index) => {
    if (token.folded === undefined) return;
    marker.terms.forEach((ways, term) => {
      const phrase = ways.find((words) => index + words.length <= tokens.length && words.every((test, offset) => wordMatches(tokens[index + offset]?.folded, test)));
      if (phrase) found.push({ from: index, to: index + phrase.length, term });
    });
  });
  return found;
}

/** The text of tokens [from, to) with the matches marked; `from` 0 and `to` the end take the text's edges. */
function marked(text: string, tokens: readonly Token[], matches: readonly Match[], from: number, to: number): string {
  const finish = to >= tokens.length ? text.length : (tokens[to - 1]?.end ?? text.length);
  let out = '';
  let at = from === 0 ? 0 : (tokens[from]?.start ?? 0);
  let open = -1;
  let close = -1;
  const flush = () => {
    if (open < 0) return;
    const start = tokens[open]?.start ?? at;
    const end = tokens[close - 1]?.end ?? start;
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
  const titleMarked = marked(title, titleTokens, matchesIn(titleTokens, marker), 0, titleTokens.length);
  if (body.trim() === '') return { titleMarked, bodyExcerpt: '' };
  const tokens = tokensOf(body, marker);
  const matches = matchesIn(tokens, marker);
  const [from, to] = bestWindow(tokens.length, matches, size);
  return { titleMarked, bodyExcerpt: `${from > 0 ? ELLIPSIS : ''}${marked(body, tokens, matches, from, to)}${to < tokens.length ? ELLIPSIS : ''}` };
}
