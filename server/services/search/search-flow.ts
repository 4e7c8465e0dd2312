import { type Excerpt, SEARCH_KINDS, SEARCH_LIMIT_MAX, type SearchHit, type SearchKind, type SearchResponse } from '@domain/search/types.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { MARK_END, MARK_START, type Marker, markEntry, markerFor, stemOf } from './excerpt.ts';
import { type MatchTerm, type QueryTerm, indexableText, parseQuery, termText, vocabularyOf } from './query-text.ts';
import type { SearchEntry, SearchIndex, SearchQuery } from './search-index.ts';
import { type VocabularyWord, allowedEdits, bestCorrection } from './typo.ts';

/**
 * What both dialects share (docs/search.md): the stages of a query, the vocabulary kept in
 * step with the entries, ranking sources from the rows a dialect's SQL finds (SearchDriver).
 */

export type { MatchTerm } from './query-text.ts';

/**
 * One query's ranking: the titles' pass looks in titles and keywords; the bodies' pass in the
 * body too, only for the kinds the titles' pass left short of `limit` sources (shortKinds).
 * Each pass takes at most sourceRowCap(limit) rows per kind and pageCap(limit) PDF pages.
 */
export interface RankRequest {
  terms: readonly MatchTerm[];
  mode: 'all' | 'any';
  kinds: readonly SearchKind[];
  /** Hits asked for per kind. */
  limit: number;
  /** The last term's one word, still being typed: its COMPLETIONS most used vocabulary words (no compounds) match as well. */
  complete?: string;
}

export interface RankedPasses {
  title: RankedRow[];
  /** Only rows of the kinds shortKinds(title, kinds, limit) names. */
  body: RankedRow[];
  /** With `complete`: the vocabulary words the last term was completed with. */
  completions?: string[];
}

export interface RankedRow {
  id: number;
  kind: SearchKind;
  sourceId: string;
  part: number;
  /** Higher is better, within one pass; unused for a PDF page's row (orderSources). */
  score: number;
}

/** What both dialects select of the chosen entries. */
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

/** The raw SQL of one dialect. */
export interface SearchDriver {
  rank(request: RankRequest): Promise<RankedPasses>;
  /** The rows of the entries `ids` (any order). */
  entries(ids: readonly number[]): Promise<EntryRow[]>;
  /** Per term, null when it alone finds anything (of `kind`); else its vocabulary candidates, as `candidates` gives them. */
  hitsOrCandidates(terms: readonly MatchTerm[], kind?: SearchKind): Promise<Array<VocabularyWord[] | null>>;
  /** Per word, the vocabulary words sharing trigrams with it, the closest first (at most CANDIDATES). */
  candidates(words: readonly string[]): Promise<VocabularyWord[][]>;
  /** SearchIndex.compact */
  compact?(): Promise<void>;
  /** Inserts entries (the dialect adds its own index columns). */
  insertEntries(trx: Db, entries: readonly SearchEntry[]): Promise<void>;
}

export const isSearchKind = (value: string): value is SearchKind => (SEARCH_KINDS as readonly string[]).includes(value);

/** The kinds whose rows name fewer than `limit` different sources: the bodies' pass looks for more of them. */
export function shortKinds(rows: readonly RankedRow[], kinds: readonly SearchKind[], limit: number): SearchKind[] {
  const sources = new Map<SearchKind, Set<string>>(kinds.map((kind) => [kind, new Set()]));
  for (const row of rows) sources.get(row.kind)?.add(row.sourceId);
  return kinds.filter((kind) => (sources.get(kind)?.size ?? 0) < limit);
}

/** Rows a pass scores per kind: a word in most of the index would otherwise cost a score for every row (docs/search.md, "Bounded work"). */
export const sourceRowCap = (limit: number) => Math.max(50, limit * 5);
/** PDF pages a pass takes: about the pages of `limit` documents. */
export const pageCap = (limit: number) => Math.max(50, limit * 21);

/**
 * One pass's rows as the sources they stand for, in order: one row per source, its best, by
 * score (ties: source id). Documents found only by a PDF page follow, most matching pages
 * first, then the newest, each at its first matching page (pages are not scored).
 */
export function orderSources(rows: readonly RankedRow[]): RankedRow[] {
  const best = new Map<string, RankedRow>();
  const pages = new Map<string, { first: RankedRow; count: number; newest: number }>();
  for (const row of rows) {
    const key = `${row.kind}\u0000${row.sourceId}`;
    if (row.kind === 'document' && row.part > 0) {
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

/** A chosen row as a hit, its title and body marked for the terms (the body around the match, or the title when the body is empty). */
function toHit(row: EntryRow, kind: SearchKind, marker: Marker): SearchHit {
  const { titleMarked, bodyExcerpt } = markEntry(row.title, row.body, marker);
  const part = Number(row.part);
  return {
    kind,
    id: `${kind}:${row.source_id}`,
    title: row.title,
    excerpt: parseExcerpt(bodyExcerpt === '' ? titleMarked : bodyExcerpt),
    url: row.url,
    ...(kind === 'document' && part > 0 ? { page: part } : {}),
    ...(row.label ? { label: row.label } : {}),
  };
}

/**
 * The best `limit` sources of each kind as hits: those matched in a title or keywords first,
 * then in the body, each pass in orderSources' order; and the terms as matched (the last one
 * with its completions when `complete`).
 */
async function matchSources(
  driver: SearchDriver,
  { terms, mode, kind, limit, complete }: { terms: readonly MatchTerm[]; mode: 'all' | 'any'; kind?: SearchKind; limit: number; complete?: boolean },
): Promise<{ hits: SearchHit[]; terms: readonly MatchTerm[] }> {
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
  if (ids.length === 0) return { hits: [], terms: matched };
  const marker = markerFor(matched);
  const rows = new Map((await driver.entries(ids)).map((row) => [Number(row.id), row]));
  const hits = ids.flatMap((id) => {
    const row = rows.get(id);
    return row && isSearchKind(row.kind) ? [toHit(row, row.kind, marker)] : [];
  });
  return { hits, terms: matched };
}

export function createSearchIndexOn(db: Db, driver: SearchDriver): SearchIndex {
  /** Replaces sources' entries with one vocabulary write for all of them (each changed row leaves a dead one on PostgreSQL). */
  const replaceMany = async (trx: Db, sources: ReadonlyArray<{ kind: SearchKind; sourceId: string; entries: readonly SearchEntry[] }>) => {
    const delta = new Map<string, number>();
    const clean: SearchEntry[] = [];
    for (const { kind, sourceId, entries } of sources) {
      for (const [word, uses] of await removeEntries(trx, kind, sourceId)) delta.set(word, (delta.get(word) ?? 0) - uses);
      for (const entry of entries) {
        clean.push({ ...entry, kind, sourceId, title: indexableText(entry.title), keywords: indexableText(entry.keywords), body: indexableText(entry.body) });
      }
    }
    if (clean.length > 0) await driver.insertEntries(trx, clean);
    for (const [word, uses] of countWords(clean)) delta.set(word, (delta.get(word) ?? 0) + uses);
    await applyVocabulary(trx, delta);
  };
  return {
    replaceSource: (trx, kind, sourceId, entries) => replaceMany(trx, [{ kind, sourceId, entries }]),
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
  const rows = await trx.deleteFrom('search_entries').where('kind', '=', kind).where('source_id', '=', sourceId).returning(['title', 'keywords', 'body']).execute();
  return countWords(rows);
}

function countWords(rows: ReadonlyArray<{ title: string; keywords: string; body: string }>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) for (const text of [row.title, row.keywords, row.body]) vocabularyOf(text, counts);
  return counts;
}

const VOCABULARY_BATCH = 400;

/** Adds the (signed) use counts to the vocabulary; a word used nowhere any more leaves it. */
async function applyVocabulary(trx: Db, delta: Map<string, number>): Promise<void> {
  const changes = [...delta].filter(([, uses]) => uses !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const gone = changes.filter(([, uses]) => uses < 0).map(([word]) => word);
  for (let start = 0; start < changes.length; start += VOCABULARY_BATCH) {
    await trx
      .insertInto('search_words')
      .values(changes.slice(start, start + VOCABULARY_BATCH).map(([word, uses]) => ({ word, uses })))
      .onConflict((conflict) => conflict.column('word').doUpdateSet({ uses: sql<number>`search_words.uses + excluded.uses` }))
      .execute();
  }
  for (let start = 0; start < gone.length; start += VOCABULARY_BATCH) {
    await trx.deleteFrom('search_words').where('word', 'in', gone.slice(start, start + VOCABULARY_BATCH)).where('uses', '<=', 0).execute();
  }
}

/** Completions of a word the visitor is still typing (RankRequest.complete). */
export const COMPLETIONS = 8;

/**
 * The terms with the last one's useful completions as its alternatives: a completion with the
 * stem of the word or of an earlier completion ("pressures" for "pressure") would match nothing more.
 */
export function withCompletions(terms: readonly MatchTerm[], completions: readonly string[]): MatchTerm[] {
  const last = terms.at(-1);
  if (!last) return [...terms];
  const stems = new Set([stemOf(last.words[0] ?? '')]);
  const useful = completions.filter((completion) => {
    const stem = stemOf(completion);
    if (stems.has(stem)) return false;
    stems.add(stem);
    return true;
  });
  return [...terms.slice(0, -1), { ...last, alternatives: useful }];
}

/** The stages of a query (docs/search.md, "Ranking" and "Typing mistakes"). Never throws on the text. */
async function runQuery(driver: SearchDriver, input: SearchQuery): Promise<SearchResponse> {
  const { text, terms } = parseQuery(typeof input.q === 'string' ? input.q : '');
  const limit = Math.max(1, Math.min(SEARCH_LIMIT_MAX, Math.floor(Number(input.limit)) || 1));
  const kind = input.kind && isSearchKind(input.kind) ? input.kind : undefined;
  const respond = (hits: SearchHit[], correctedQuery: string | null = null, suggestion: string | null = null) => toResponse(text, hits, correctedQuery, suggestion);
  if (terms.length === 0) return respond([]);

  const typed = asMatchTerms(terms);
  // A last term of one word of 2 characters or more is completed from the vocabulary (a few whole words, not a prefix query).
  const last = typed.at(-1);
  const complete = last !== undefined && last.words.length === 1 && (last.words[0] ?? '').length >= 2;
  const { hits: found, terms: exact } = await matchSources(driver, { terms: typed, mode: 'all', kind, limit, complete });
  if (found.length > 0) return respond(found);

  // Typing mistakes: each term that finds nothing alone is replaced by the vocabulary word it
  // most likely meant (a query of one term has just found nothing).
  const correct = correcter(driver);
  const alone = exact.length === 1 ? [false] : await correct.hits(exact, kind);
  const corrections = await correct(exact.map((term, index) => (alone[index] ? null : termText(term))));
  const corrected = exact.map((term, index): MatchTerm => {
    const correction = corrections[index];
    return correction ? { words: correction.split('-'), prefix: false } : term;
  });
  const correctedQuery = corrections.some(Boolean) ? corrected.map(termText).join(' ') : null;
  if (correctedQuery) {
    const { hits: fixed } = await matchSources(driver, { terms: corrected, mode: 'all', kind, limit });
    if (fixed.length > 0) return respond(fixed, correctedQuery);
  }
  // Several words that never occur together: whatever has any of them, best first.
  if (corrected.length > 1) {
    const { hits: some } = await matchSources(driver, { terms: corrected, mode: 'any', kind, limit });
    if (some.length > 0) return respond(some, correctedQuery);
  }
  // Nothing: offer the nearest indexed words, reaching a little further than a correction does.
  const nearest = await correct(exact.map(termText), 1);
  const suggestion = exact.map((term, index) => nearest[index] ?? termText(term)).join(' ');
  return respond([], null, suggestion !== terms.map(termText).join(' ') ? suggestion : null);
}

/** The visitor's terms as matched: the last one, of several words, with its last word a prefix. */
function asMatchTerms(terms: readonly QueryTerm[]): MatchTerm[] {
  return terms.map((term, index) => ({ words: term.words, prefix: index === terms.length - 1 && term.words.length > 1 && (term.words.at(-1) ?? '').length >= 2 }));
}

/**
 * Corrections of words (null: leave it) for one query, asking the database once per call and
 * never twice for a word. `hits` asks which terms find something alone and keeps the others' candidates.
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

function toResponse(query: string, hits: SearchHit[], correctedQuery: string | null, suggestion: string | null): SearchResponse {
  const groups = SEARCH_KINDS.flatMap((kind) => {
    const ofKind = hits.filter((hit) => hit.kind === kind);
    return ofKind.length > 0 ? [{ kind, hits: ofKind }] : [];
  });
  return { query, groups, total: hits.length, correctedQuery, suggestion };
}

/** Splits marked text into excerpt parts: the text between MARK_START and MARK_END is a match. */
export function parseExcerpt(marked: string): Excerpt {
  const parts: Array<{ text: string; match?: true }> = [];
  let inside = false;
  for (const piece of marked.split(/(?=[\uE000\uE001])/)) {
    const marker = piece[0] === MARK_START || piece[0] === MARK_END;
    if (marker) inside = piece[0] === MARK_START;
    const text = marker ? piece.slice(1) : piece;
    if (text === '') continue;
    const last = parts.at(-1);
    if (last && Boolean(last.match) === inside) last.text += text;
    else parts.push(inside ? { text, match: true } : { text });
  }
  return parts;
}
