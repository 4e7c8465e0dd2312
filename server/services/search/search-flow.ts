import { type Excerpt, SEARCH_KINDS, SEARCH_LIMIT_MAX, type SearchHit, type SearchKind, type SearchResponse } from '@domain/search/types.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { MARK_END, MARK_START, markEntry, markerFor, stemOf } from './excerpt.ts';
import { type QueryTerm, indexableText, parseQuery, termText, vocabularyOf } from './query-text.ts';
import type { SearchEntry, SearchIndex, SearchQuery } from './search-index.ts';
import { type VocabularyWord, allowedEdits, bestCorrection } from './typo.ts';

/**
 * What both dialects share (docs/search.md): the stages of a query (every word, then typing
 * mistakes corrected, then any word, then a suggestion), the vocabulary kept in step with
 * the entries, and the hit and excerpt shapes. The raw SQL is the dialect's (SearchDriver).
 */

export { MARK_END, MARK_START } from './excerpt.ts';

/** A term as a dialect matches it: its words in order, the last one a prefix when `prefix`. */
export interface MatchTerm extends QueryTerm {
  prefix: boolean;
  /** Whole words that match as well as this one (a one-word term's completions from the vocabulary). */
  alternatives?: readonly string[];
}

export interface MatchRequest {
  terms: readonly MatchTerm[];
  /** Every term must match, or any of them. */
  mode: 'all' | 'any';
  kind?: SearchKind;
  /** Hits per kind. */
  limit: number;
  /** Complete the last term first (RankRequest.complete); only where completeLast says it can be. */
  complete?: boolean;
}

/**
 * What a dialect ranks for one query: the entries of `kinds` matching the terms, in two
 * passes. The titles' pass looks in titles and keywords only; the bodies' pass looks in the
 * body too, and only for the kinds the titles' pass left short of `limit` sources
 * (shortKinds). Each pass takes at most sourceRowCap(limit) rows of each kind, scored
 * (on SQLite the newest), and the bodies' pass at most pageCap(limit) PDF pages (a
 * document's part > 0), which may come unscored: orderSources ranks them by its own rule.
 */
export interface RankRequest {
  terms: readonly MatchTerm[];
  mode: 'all' | 'any';
  kinds: readonly SearchKind[];
  /** Hits asked for per kind; the dialect takes at most sourceRowCap(limit) rows of each kind per pass, and pageCap(limit) pages. */
  limit: number;
  /**
   * The last term's one word, still being typed (completeLast), to complete first: its
   * COMPLETIONS most used vocabulary words that start with it (no compounds) match as well.
   * The answer names them, so the flow marks and later searches with the same words.
   */
  complete?: string;
}

/** The rows of the two passes of a RankRequest. */
export interface RankedPasses {
  title: RankedRow[];
  /** Only rows of the kinds shortKinds(title, kinds, limit) names; none when it names none. */
  body: RankedRow[];
  /** With `complete`: the vocabulary words the last term was completed with (usefulCompletions may drop some). */
  completions?: string[];
}

/** The kinds whose rows name fewer than `limit` different sources: the bodies' pass looks for more of them. */
export function shortKinds(rows: readonly RankedRow[], kinds: readonly SearchKind[], limit: number): SearchKind[] {
  const sources = new Map<SearchKind, Set<string>>(kinds.map((kind) => [kind, new Set()]));
  for (const row of rows) sources.get(row.kind)?.add(row.sourceId);
  return kinds.filter((kind) => (sources.get(kind)?.size ?? 0) < limit);
}

export interface RankedRow {
  id: number;
  kind: SearchKind;
  sourceId: string;
  part: number;
  /** Higher is better; comparable within one pass only. Not used for a PDF page's row (orderSources). */
  score: number;
}

/** One source's best entry, with its text marked (excerpt.ts: MARK_START/MARK_END). */
export interface MatchedEntry {
  id: number;
  kind: SearchKind;
  sourceId: string;
  part: number;
  title: string;
  url: string;
  label: string | null;
  /** The body cut around the match and marked; '' when the body is empty. */
  bodyExcerpt: string;
  /** The whole title, marked. */
  titleMarked: string;
}

/** What both dialects select of the chosen entries (the flow marks them, excerpt.ts). */
export interface EntryRow {
  id: number | string;
  kind: string;
  source_id: string;
  part: number | string;
  title: string;
  body: string;
  url: string;
  label: string | null;
}

export const isSearchKind = (value: string): value is SearchKind => (SEARCH_KINDS as readonly string[]).includes(value);

/** The chosen rows as entries, marked for the terms (a row of a kind this version does not know is skipped). */
export function matchedEntries(rows: readonly EntryRow[], terms: readonly MatchTerm[]): MatchedEntry[] {
  const marker = markerFor(terms);
  return rows.flatMap((row) => {
    if (!isSearchKind(row.kind)) return [];
    const { titleMarked, bodyExcerpt } = markEntry(row.title, row.body, marker);
    return [{ id: Number(row.id), kind: row.kind, sourceId: row.source_id, part: Number(row.part), title: row.title, url: row.url, label: row.label, bodyExcerpt, titleMarked }];
  });
}

/** The raw SQL of one dialect. */
export interface SearchDriver {
  rank(request: RankRequest): Promise<RankedPasses>;
  /** The rows of the entries `ids` (any order). */
  entries(ids: readonly number[]): Promise<EntryRow[]>;
  /**
   * For each term (in order), null when it alone finds anything (of `kind`); otherwise the
   * vocabulary words sharing trigrams with it (termText), as `candidates` gives them.
   */
  hitsOrCandidates(terms: readonly MatchTerm[], kind?: SearchKind): Promise<Array<VocabularyWord[] | null>>;
  /** For each word, vocabulary words sharing trigrams with it, the closest first (at most a few dozen). */
  candidates(words: readonly string[]): Promise<VocabularyWord[][]>;
  /** SearchIndex.compact */
  compact?(): Promise<void>;
  /** Inserts entries (the dialect adds its own index columns). */
  insertEntries(trx: Db, entries: readonly SearchEntry[]): Promise<void>;
}

/**
 * Entries ranked per kind and pass. A word found in most of the index (think "LNG" in 20,000
 * PDF pages) would cost a score for every entry; a pass scores at most this many rows per
 * hit asked for, newest first (docs/search.md, "How ranking works"): a document has a row
 * per PDF page, the other kinds one row per source.
 */
const ROWS_PER_HIT = { document: 21, other: 5 } as const;
const MIN_CAP = 50;
/**
 * A document's PDF pages are candidates apart from its own row (on SQLite since migration
 * 018, on PostgreSQL since 020), so each kind's rows are one per source: at most this many
 * per kind...
 */
export const sourceRowCap = (limit: number) => Math.max(MIN_CAP, limit * ROWS_PER_HIT.other);
/** ...and at most this many PDF pages, about the pages of `limit` documents (orderSources). */
export const pageCap = (limit: number) => Math.max(MIN_CAP, limit * ROWS_PER_HIT.document);

/** A PDF page's row (a document's part > 0): ranked by orderSources' rule for pages, its score unused. */
const isPageRow = (row: RankedRow) => row.kind === 'document' && row.part > 0;

/**
 * One pass's rows as the sources they stand for, in the order they are taken (docs/search.md,
 * "How ranking works"): one row per source, its best-scoring one, by score (ties: source id).
 * Documents found by a PDF page only come after the documents whose own row
 * (title, keywords, description) matched: those with more matching pages among the pass's
 * candidates first, then the newest (highest entry id); each shows its first matching page.
 * Pages carry no score (scoring 20,000 pages was most of a query's cost), so both dialects
 * rank them by this rule, whatever score their driver gives.
 */
export function orderSources(rows: readonly RankedRow[]): RankedRow[] {
  const best = new Map<string, RankedRow>();
  const pages = new Map<string, { first: RankedRow; count: number; newest: number }>();
  for (const row of rows) {
    const key = `${row.kind}\u0000${row.sourceId}`;
    if (isPageRow(row)) {
      const seen = pages.get(key);
      if (!seen) pages.set(key, { first: row, count: 1, newest: row.id });
      else {
        seen.count++;
        seen.newest = Math.max(seen.newest, row.id);
        if (row.part < seen.first.part) seen.first = row;
      }
      continue;
    }
    const current = best.get(key);
    if (!current || row.score > current.score || (row.score === current.score && row.part < current.part)) best.set(key, row);
  }
  const scored = [...best.values()].sort((a, b) => b.score - a.score || (a.sourceId < b.sourceId ? -1 : a.sourceId > b.sourceId ? 1 : 0));
  const pageOnly = [...pages]
    .filter(([key]) => !best.has(key))
    .map(([, found]) => found)
    .sort((a, b) => b.count - a.count || b.newest - a.newest)
    .map((found) => found.first);
  return [...scored, ...pageOnly];
}

/**
 * The best `limit` sources of each kind (one entry each): those matched in a title or
 * keywords first, then those matched only in the body, each pass in orderSources' order;
 * with the terms as matched (the last one with its completions when `complete`).
 */
export async function matchSources(
  driver: SearchDriver,
  { terms, mode, kind, limit, complete }: MatchRequest,
): Promise<{ entries: MatchedEntry[]; terms: readonly MatchTerm[] }> {
  const kinds = kind ? [kind] : [...SEARCH_KINDS];
  const chosen = new Map<SearchKind, Map<string, RankedRow>>(kinds.map((each) => [each, new Map()]));
  const take = (rows: RankedRow[]) => {
    for (const row of orderSources(rows)) {
      const sources = chosen.get(row.kind);
      if (sources && sources.size < limit && !sources.has(row.sourceId)) sources.set(row.sourceId, row);
    }
  };
  const word = complete ? terms.at(-1)?.words[0] : undefined;
  const { title, body, completions } = await driver.rank({ terms, mode, kinds, limit, ...(word ? { complete: word } : {}) });
  const matched = completions ? withCompletions(terms, completions) : terms;
  take(title);
  take(body);
  const ids = kinds.flatMap((each) => [...(chosen.get(each)?.values() ?? [])].map((row) => row.id));
  if (ids.length === 0) return { entries: [], terms: matched };
  const entries = new Map(matchedEntries(await driver.entries(ids), matched).map((entry) => [entry.id, entry]));
  return { entries: ids.flatMap((id) => entries.get(id) ?? []), terms: matched };
}

const VOCABULARY_BATCH = 400;

export function createSearchIndexOn(db: Db, driver: SearchDriver): SearchIndex {
  /**
   * Replaces several sources' entries with one vocabulary write for all of them: a word's
   * count changes once per call, not once per source (on PostgreSQL each change of a row
   * leaves a dead one behind; a whole reindex was mostly these upserts).
   */
  const replaceMany = async (trx: Db, sources: ReadonlyArray<{ kind: SearchKind; sourceId: string; entries: readonly SearchEntry[] }>) => {
    const delta = new Map<string, number>();
    const clean: SearchEntry[] = [];
    for (const { kind, sourceId, entries } of sources) {
      for (const [word, uses] of await removeEntries(trx, kind, sourceId)) delta.set(word, (delta.get(word) ?? 0) - uses);
      for (const entry of entries) {
        clean.push({
          ...entry,
          kind,
          sourceId,
          title: indexableText(entry.title),
          keywords: indexableText(entry.keywords),
          body: indexableText(entry.body),
        });
      }
    }
    if (clean.length > 0) await driver.insertEntries(trx, clean);
    for (const [word, uses] of countWords(clean)) delta.set(word, (delta.get(word) ?? 0) + uses);
    await applyVocabulary(trx, delta);
  };
  return {
    async replaceSource(trx, kind, sourceId, entries) {
      await replaceMany(trx, [{ kind, sourceId, entries }]);
    },
    replaceSources: (trx, sources) => replaceMany(trx, sources),
    async removeSource(trx, kind, sourceId) {
      const old = await removeEntries(trx, kind, sourceId);
      for (const [word, uses] of old) old.set(word, -uses);
      await applyVocabulary(trx, old);
    },
    async clear(trx, kind) {
      if (!kind) {
        await trx.deleteFrom('search_entries').execute();
        await trx.deleteFrom('search_words').execute();
        return;
      }
      const rows = await trx.selectFrom('search_entries').select(['title', 'keywords', 'body']).where('kind', '=', kind).execute();
      const delta = countWords(rows);
      for (const [word, uses] of delta) delta.set(word, -uses);
      await trx.deleteFrom('search_entries').where('kind', '=', kind).execute();
      await applyVocabulary(trx, delta);
    },
    query: (input) => runQuery(driver, input),
    ...(driver.compact ? { compact: driver.compact } : {}),
  };
}

/** Deletes a source's entries; answers the vocabulary they held. */
async function removeEntries(trx: Db, kind: SearchKind, sourceId: string): Promise<Map<string, number>> {
  const rows = await trx
    .deleteFrom('search_entries')
    .where('kind', '=', kind)
    .where('source_id', '=', sourceId)
    .returning(['title', 'keywords', 'body'])
    .execute();
  return countWords(rows);
}

function countWords(rows: ReadonlyArray<{ title: string; keywords: string; body: string }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    vocabularyOf(row.title, counts);
    vocabularyOf(row.keywords, counts);
    vocabularyOf(row.body, counts);
  }
  return counts;
}

/** Adds the (signed) use counts to the vocabulary; a word used nowhere any more leaves it. */
async function applyVocabulary(trx: Db, delta: Map<string, number>): Promise<void> {
  const changes = [...delta].filter(([, uses]) => uses !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const gone: string[] = [];
  for (let start = 0; start < changes.length; start += VOCABULARY_BATCH) {
    const batch = changes.slice(start, start + VOCABULARY_BATCH);
    await trx
      .insertInto('search_words')
      .values(batch.map(([word, uses]) => ({ word, uses })))
      .onConflict((conflict) => conflict.column('word').doUpdateSet({ uses: sql<number>`search_words.uses + excluded.uses` }))
      .execute();
    for (const [word, uses] of batch) if (uses < 0) gone.push(word);
  }
  for (let start = 0; start < gone.length; start += VOCABULARY_BATCH) {
    await trx
      .deleteFrom('search_words')
      .where('word', 'in', gone.slice(start, start + VOCABULARY_BATCH))
      .where('uses', '<=', 0)
      .execute();
  }
}

/** Completions of a word the visitor is still typing (RankRequest.complete). */
export const COMPLETIONS = 8;

/** The visitor's terms as matched: the last one, of several words, with its last word a prefix. */
function asMatchTerms(terms: readonly QueryTerm[]): MatchTerm[] {
  return terms.map((term, index) => ({ words: term.words, prefix: index === terms.length - 1 && term.words.length > 1 && (term.words.at(-1) ?? '').length >= 2 }));
}

/**
 * Whether the last term is one word of 2 characters or more, which a dialect completes from
 * the vocabulary (RankRequest.complete): the last word matches as typed through a few whole
 * words, where a prefix query would merge the lists of every indexed word it covers, on each
 * pass (docs/search.md, "How ranking works").
 */
export function completeLast(terms: readonly MatchTerm[]): boolean {
  const last = terms.at(-1);
  return last !== undefined && last.words.length === 1 && (last.words[0] ?? '').length >= 2;
}

/**
 * The completions worth matching for `word`: a completion with the stem of the word or of an
 * earlier completion ("pressures" for "pressure") matches nothing more and would cost the
 * index one more list to walk.
 */
export function usefulCompletions(word: string, completions: readonly string[]): string[] {
  const stems = new Set([stemOf(word)]);
  return completions.filter((completion) => {
    const stem = stemOf(completion);
    if (stems.has(stem)) return false;
    stems.add(stem);
    return true;
  });
}

/** The terms with the last one's useful completions as its alternatives. */
export function withCompletions(terms: readonly MatchTerm[], completions: readonly string[]): MatchTerm[] {
  const last = terms.at(-1);
  if (!last) return [...terms];
  return [...terms.slice(0, -1), { ...last, alternatives: usefulCompletions(last.words[0] ?? '', completions) }];
}

/** The stages of a query (docs/search.md, "How ranking works" and "Typing mistakes"). Never throws on the text. */
export async function runQuery(driver: SearchDriver, input: SearchQuery): Promise<SearchResponse> {
  const { text, terms } = parseQuery(typeof input.q === 'string' ? input.q : '');
  const limit = Math.max(1, Math.min(SEARCH_LIMIT_MAX, Math.floor(Number(input.limit)) || 1));
  const kind = input.kind && (SEARCH_KINDS as readonly string[]).includes(input.kind) ? input.kind : undefined;
  const respond = (entries: MatchedEntry[], correctedQuery: string | null = null, suggestion: string | null = null) =>
    toResponse(text, entries, correctedQuery, suggestion);
  if (terms.length === 0) return respond([]);

  const typed = asMatchTerms(terms);
  const { entries: found, terms: exact } = await matchSources(driver, { terms: typed, mode: 'all', kind, limit, complete: completeLast(typed) });
  if (found.length > 0) return respond(found);

  // Typing mistakes: each term that finds nothing alone is replaced by the vocabulary word it
  // most likely meant. One question for which terms find nothing alone and the words near
  // those; a query of one term has just found nothing, so only its near words are asked.
  const correct = correcter(driver);
  const alone = exact.length === 1 ? [false] : await correct.hits(exact, kind);
  const corrections = await correct(exact.map((term, index) => (alone[index] ? null : termText(term))));
  let changed = false;
  const corrected = exact.map((term, index): MatchTerm => {
    const correction = corrections[index];
    if (!correction) return term;
    changed = true;
    return { words: correction.split('-'), prefix: false };
  });
  const correctedQuery = changed ? corrected.map(termText).join(' ') : null;
  if (changed) {
    const { entries: fixed } = await matchSources(driver, { terms: corrected, mode: 'all', kind, limit });
    if (fixed.length > 0) return respond(fixed, correctedQuery);
  }
  // Several words that never occur together: whatever has any of them, best first.
  if (corrected.length > 1) {
    const { entries: some } = await matchSources(driver, { terms: corrected, mode: 'any', kind, limit });
    if (some.length > 0) return respond(some, correctedQuery);
  }
  // Nothing: offer the nearest indexed words, reaching a little further than a correction does.
  const nearest = await correct(exact.map(termText), 1);
  const suggestion = exact.map((term, index) => nearest[index] ?? termText(term)).join(' ');
  return respond([], null, suggestion !== terms.map(termText).join(' ') ? suggestion : null);
}

/**
 * Corrections of words (null: leave the word as it is) for one query. The database is asked
 * once per call for every word that needs candidates, and never twice for a word: the
 * suggestion reaches further than the correction with the same candidates. `hits` asks which
 * terms find something alone and keeps the candidates of the others.
 */
function correcter(driver: SearchDriver) {
  const known = new Map<string, VocabularyWord[]>();
  const correct = async (words: ReadonlyArray<string | null>, slack = 0): Promise<Array<string | null>> => {
    const wanted = (word: string | null): word is string => word !== null && word.length >= 3 && allowedEdits(word.length) + slack > 0;
    const missing = [...new Set(words.filter(wanted).filter((word) => !known.has(word)))];
    if (missing.length > 0) {
      const found = await driver.candidates(missing);
      missing.forEach((word, index) => known.set(word, found[index] ?? []));
    }
    return words.map((word) => (wanted(word) ? bestCorrection(word, known.get(word) ?? [], slack) : null));
  };
  const hits = async (terms: readonly MatchTerm[], kind?: SearchKind): Promise<boolean[]> => {
    const answers = await driver.hitsOrCandidates(terms, kind);
    return terms.map((term, index) => {
      const candidates = answers[index];
      if (candidates === null || candidates === undefined) return true;
      known.set(termText(term), candidates);
      return false;
    });
  };
  return Object.assign(correct, { hits });
}

function toResponse(query: string, entries: MatchedEntry[], correctedQuery: string | null, suggestion: string | null): SearchResponse {
  const byKind = new Map<SearchKind, SearchHit[]>();
  for (const entry of entries) {
    const hits = byKind.get(entry.kind) ?? [];
    hits.push(toHit(entry));
    byKind.set(entry.kind, hits);
  }
  const groups = SEARCH_KINDS.flatMap((kind) => {
    const hits = byKind.get(kind);
    return hits ? [{ kind, hits }] : [];
  });
  return { query, groups, total: entries.length, correctedQuery, suggestion };
}

function toHit(entry: MatchedEntry): SearchHit {
  // The body around the match (or its start when only the title or keywords matched); the title when there is no body.
  const excerpt = parseExcerpt(entry.bodyExcerpt === '' ? entry.titleMarked : entry.bodyExcerpt);
  return {
    kind: entry.kind,
    id: `${entry.kind}:${entry.sourceId}`,
    title: entry.title,
    excerpt,
    url: entry.url,
    ...(entry.kind === 'document' && entry.part > 0 ? { page: entry.part } : {}),
    ...(entry.label ? { label: entry.label } : {}),
  };
}

/** Splits marked text into excerpt parts: the text between MARK_START and MARK_END is a match. */
export function parseExcerpt(marked: string): Excerpt {
  const parts: Array<{ text: string; match?: true }> = [];
  let inside = false;
  let from = 0;
  const flush = (to: number) => {
    if (to === from) return;
    const text = marked.slice(from, to);
    const last = parts.at(-1);
    if (last && Boolean(last.match) === inside) last.text += text;
    else parts.push(inside ? { text, match: true } : { text });
  };
  // The markers are single UTF-16 units: the text between them is sliced, never copied a character at a time.
  const start = MARK_START.charCodeAt(0);
  const end = MARK_END.charCodeAt(0);
  for (let at = 0; at < marked.length; at++) {
    const unit = marked.charCodeAt(at);
    if (unit === start || unit === end) {
      flush(at);
      inside = unit === start;
      from = at + 1;
    }
  }
  flush(marked.length);
  return parts;
}
