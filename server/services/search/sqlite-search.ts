import type { SearchKind } from '@domain/search/types.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { type MatchTerm, termText } from './query-text.ts';
import { COMPLETIONS, type EntryRow, type RankRequest, type RankedRow, type SearchDriver, createSearchIndexOn, isSearchKind, pageCap, shortKinds, sourceRowCap, withCompletions } from './search-flow.ts';
import type { SearchIndex } from './search-index.ts';
import { CANDIDATES, type VocabularyWord, trigramsOf } from './typo.ts';

/**
 * The search index on SQLite (docs/search.md): FTS5 over search_entries (triggers of
 * migrations 017 and 018; PDF pages in search_page_fts), bm25 with column weights, an FTS5
 * trigram table over the vocabulary for typo candidates.
 */

/** bm25 weights of title, keywords, body. */
const WEIGHTS = sql.raw('10.0, 5.0, 1.0');
const TITLE_WEIGHTS = sql.raw('10.0, 5.0');

/** Each kind's ids are a range of their own, so a kind's matches are a rowid range FTS5 seeks to. Fixed: a new kind takes a new number. */
const KIND_NUMBERS: Record<SearchKind, number> = { glossary: 1, faq: 2, tutorial: 3, document: 4, page: 5 };
const KIND_RANGE = 2 ** 40;
export function idRange(kind: SearchKind): [number, number] {
  const low = KIND_NUMBERS[kind] * KIND_RANGE;
  return [low, low + KIND_RANGE - 1];
}
/** A rowid bound as a BigInt, bound as an SQLite integer: FTS5 ignores a bound bound as a real (a JavaScript number) and walks every match. */
function rowidParameter(value: number): bigint {
  if (!Number.isSafeInteger(value)) throw new Error(`not a rowid: ${value}`);
  return BigInt(value);
}

/** An FTS5 MATCH expression built only from letters and digits (parseQuery), each term a quoted phrase. */
export function ftsExpression(terms: readonly MatchTerm[], mode: 'all' | 'any'): string {
  return terms
    .map((term) => {
      const phrase = `"${term.words.join(' ')}"${term.prefix ? '*' : ''}`;
      return term.alternatives?.length ? `(${[phrase, ...term.alternatives.map((word) => `"${word}"`)].join(' OR ')})` : phrase;
    })
    .join(mode === 'all' ? ' AND ' : ' OR ');
}

export function createSqliteSearchIndex(db: Db): SearchIndex {
  /** One pass of a RankRequest: 'title' looks in the titles' table, 'all' in the bodies' (and the pages'). */
  const pass = async ({ terms, mode, kinds, limit }: RankRequest, stage: 'title' | 'all'): Promise<RankedRow[]> => {
    const expression = ftsExpression(terms, mode);
    const table = sql.raw(stage === 'title' ? 'search_title_fts' : 'search_fts');
    const weights = stage === 'title' ? TITLE_WEIGHTS : WEIGHTS;
    // Per kind (a rowid range), the ids of the newest sourceRowCap matches, unscored.
    const candidateQueries = kinds.map((kind) => {
      const [low, high] = idRange(kind);
      return sql`select * from (select rowid as id, 0 as page from ${table}
             where ${table} match ${expression} and rowid between ${rowidParameter(low)} and ${rowidParameter(high)} order by rowid desc limit ${sourceRowCap(limit)})`;
    });
    // And the newest pageCap PDF pages (their own table, migration 018), never scored.
    if (stage === 'all' && kinds.includes('document')) {
      candidateQueries.push(sql`select * from (select rowid as id, 1 as page from search_page_fts
             where search_page_fts match ${expression} order by rowid desc limit ${pageCap(limit)})`);
    }
    const { rows: candidates } = await sql<{ id: number; page: number }>`${sql.join(candidateQueries, sql` union all `)}`.execute(db);
    if (candidates.length === 0) return [];
    // Then the candidates scored by one bm25 cursor (each cursor walks every match of each phrase once).
    const ids = candidates.filter((row) => !row.page).map((row) => Number(row.id));
    const pageIds = candidates.filter((row) => row.page).map((row) => Number(row.id));
    const passes = [];
    if (ids.length > 0) {
      passes.push(sql`select rowid as id, bm25(${table}, ${weights}) as score from ${table}
        where ${table} match ${expression} and rowid between ${rowidParameter(Math.min(...ids))} and ${rowidParameter(Math.max(...ids))}
          and (rowid + 0) in (select value from json_each(${JSON.stringify(ids)}))`);
    }
    if (pageIds.length > 0) passes.push(sql`select value as id, 0 as score from json_each(${JSON.stringify(pageIds)})`);
    const { rows } = await sql<{ id: number; score: number; kind: string; source_id: string; part: number }>`
        select m.id, m.score, e.kind, e.source_id, e.part
          from (${sql.join(passes, sql` union all `)}) m join search_entries e on e.id = m.id`.execute(db);
    return rows.flatMap((row) => (isSearchKind(row.kind) ? [{ id: Number(row.id), kind: row.kind, sourceId: row.source_id, part: Number(row.part), score: -Number(row.score) }] : []));
  };

  /** The most used vocabulary words that start with `prefix`, by a key range (SQLite's LIKE ignores case and skips the index). */
  const complete = async (prefix: string): Promise<string[]> => {
    const { rows } = await sql<{ word: string }>`
      select word from search_words where word >= ${prefix} and word < ${`${prefix}\uffff`} and word not like '%-%'
       order by uses desc, word limit ${COMPLETIONS}`.execute(db);
    return rows.map((row) => row.word);
  };

  /** Whether one term alone finds anything (of `kind`). */
  const hasHit = async (term: MatchTerm, kind?: SearchKind): Promise<boolean> => {
    const [low, high] = kind ? idRange(kind) : [0, Number.MAX_SAFE_INTEGER];
    const expression = ftsExpression([term], 'all');
    const { rows } = await sql`select 1 as found from search_fts
      where search_fts match ${expression} and rowid between ${rowidParameter(low)} and ${rowidParameter(high)} limit 1`.execute(db);
    if (rows.length > 0) return true;
    if (kind && kind !== 'document') return false;
    const { rows: pages } = await sql`select 1 as found from search_page_fts where search_page_fts match ${expression} limit 1`.execute(db);
    return pages.length > 0;
  };

  /** Vocabulary words sharing trigrams with `word`, by bm25 over the trigram table. */
  const candidatesOf = async (word: string): Promise<VocabularyWord[]> => {
    const grams = trigramsOf(word);
    if (grams.length === 0) return [];
    const expression = grams.map((gram) => `"${gram.replace(/"/g, '""')}"`).join(' OR ');
    const { rows } = await sql<{ word: string; uses: number }>`
      select w.word, w.uses from search_words_trigram t join search_words w on w.rowid = t.rowid
       where search_words_trigram match ${expression} order by t.rank limit ${CANDIDATES}`.execute(db);
    return rows.map((row) => ({ word: row.word, uses: Number(row.uses) }));
  };

  const driver: SearchDriver = {
    async rank(asked) {
      const completions = asked.complete ? await complete(asked.complete) : undefined;
      const request = completions ? { ...asked, terms: withCompletions(asked.terms, completions) } : asked;
      const title = await pass(request, 'title');
      const short = shortKinds(title, request.kinds, request.limit);
      return { title, body: short.length > 0 ? await pass({ ...request, kinds: short }, 'all') : [], ...(completions ? { completions } : {}) };
    },

    async entries(ids): Promise<EntryRow[]> {
      const { rows } = await sql<EntryRow>`select id, kind, source_id, part, title, body, url, label
          from search_entries where id in (select value from json_each(${JSON.stringify(ids)}))`.execute(db);
      return rows;
    },

    async hitsOrCandidates(terms, kind) {
      const answers: Array<VocabularyWord[] | null> = [];
      for (const term of terms) answers.push((await hasHit(term, kind)) ? null : await candidatesOf(termText(term)));
      return answers;
    },

    async candidates(words) {
      const lists: VocabularyWord[][] = [];
      for (const word of words) lists.push(await candidatesOf(word));
      return lists;
    },

    async compact() {
      // Every segment merged into one, so each word's list is read in one piece.
      await db.transaction().execute(async (trx) => {
        await sql`insert into search_fts(search_fts) values ('optimize')`.execute(trx);
        await sql`insert into search_title_fts(search_title_fts) values ('optimize')`.execute(trx);
        await sql`insert into search_page_fts(search_page_fts) values ('optimize')`.execute(trx);
      });
    },

    async insertEntries(trx, entries) {
      const next = new Map<SearchKind, number>();
      const nextId = async (kind: SearchKind) => {
        let id = next.get(kind);
        if (id === undefined) {
          const [low, high] = idRange(kind);
          const row = await trx.selectFrom('search_entries').select((eb) => eb.fn.max('id').as('id')).where('id', '>=', low).where('id', '<=', high).executeTakeFirst();
          id = row?.id == null ? low : Number(row.id);
        }
        next.set(kind, ++id);
        return id;
      };
      const rows = [];
      for (const entry of entries) {
        const { kind, sourceId, part, title, keywords, body, url, label } = entry;
        rows.push({ id: await nextId(kind), kind, source_id: sourceId, part, title, keywords, body, url, label: label ?? null });
      }
      for (let start = 0; start < rows.length; start += 100) {
        await trx.insertInto('search_entries').values(rows.slice(start, start + 100)).execute();
      }
    },
  };
  return createSearchIndexOn(db, driver);
}
