import type { SearchKind } from '@domain/search/types.ts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { type MatchTerm, foldText, termText } from './query-text.ts';
import { COMPLETIONS, type EntryRow, type RankedPasses, type SearchDriver, createSearchIndexOn, isSearchKind, pageCap, sourceRowCap } from './search-flow.ts';
import type { SearchEntry, SearchIndex } from './search-index.ts';
import { CANDIDATES, type VocabularyWord } from './typo.ts';

/**
 * The search index on PostgreSQL (docs/search.md): a weighted tsvector of accent-free text
 * (title A, keywords B, body C, 'english'), GIN indexes split by kind (migrations 019 to 021),
 * ts_rank with weights, pg_trgm over the vocabulary for typo candidates.
 */

/** ts_rank weights of D, C (body), B (keywords), A (title). */
const WEIGHTS = sql`${sql.lit('{0.1, 0.2, 0.5, 1.0}')}::float4[]`;

/** A tsquery built only from letters and digits (parseQuery): each term a phrase, the last word a prefix when asked. */
export function tsqueryText(terms: readonly MatchTerm[], mode: 'all' | 'any'): string {
  return terms
    .map((term) => {
      const words = term.words.map((word, index) => `'${word}'${term.prefix && index === term.words.length - 1 ? ':*' : ''}`);
      return `(${[words.join(' <-> '), ...(term.alternatives ?? []).map((word) => `'${word}'`)].join(' | ')})`;
    })
    .join(mode === 'all' ? ' & ' : ' | ');
}

/** The lexeme naming a kind in every entry's tsvector; '§' is never part of a query word. */
const kindLexeme = (kind: SearchKind) => `§${kind}`;
const kindQuery = (kind: SearchKind) => sql`${sql.lit(`'${kindLexeme(kind)}'`)}::tsquery`;

/** The query's tsquery, computed once per statement in `q`. */
const QUERY = sql`(select q.words from q)`;

/**
 * The bodies' GIN indexes (migrations 019, 020, 021), each condition written as its index's
 * predicate so the planner uses it (the tsvectors have no statistics, so GIN is always chosen):
 * the documents' own rows, their PDF pages, the glossary, and the other kinds told apart by
 * the kind's lexeme.
 */
function bodyMatches(kind: SearchKind, words: RawBuilder<unknown>): RawBuilder<unknown>[] {
  if (kind === 'document') return [sql`e.kind = 'document' and e.part = 0 and e.tsv @@ ${words}`, sql`e.kind = 'document' and e.part > 0 and e.tsv @@ ${words}`];
  if (kind === 'glossary') return [sql`e.kind = 'glossary' and e.tsv @@ ${words}`];
  return [sql`e.kind = ${sql.lit(kind)} and e.tsv @@ (${words} && ${kindQuery(kind)})`];
}
/** Whether any row matches one of the conditions (the first found ends it). */
const anyMatch = (conditions: readonly RawBuilder<unknown>[]) =>
  sql.join(conditions.map((condition) => sql`exists (select 1 from search_entries e where ${condition})`), sql` or `);

/** The vocabulary words sharing trigrams with `word` (pg_trgm in `schema`), the most similar first; only when `when` holds. */
const nearWords = (schema: string, word: RawBuilder<unknown>, when: RawBuilder<unknown> = sql`true`) => sql`
  select w.word, w.uses from search_words w
   where ${when} and w.word operator(${sql.id(schema)}.%) ${word}
   order by ${sql.id(schema)}.similarity(w.word, ${word}) desc, w.uses desc, w.word
   limit ${sql.lit(CANDIDATES)}`;

type RankRow = { pass: string; id: number; score: number; kind: string; source_id: string; part: number };

export function createPostgresSearchIndex(db: Db): SearchIndex {
  // pg_trgm's schema (it need not be on the search path), looked up once.
  let trgmSchema: Promise<string> | undefined;
  const trgm = (): Promise<string> => {
    trgmSchema ??= sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`
      .execute(db)
      .then(({ rows }) => rows[0]?.schema ?? Promise.reject(new Error('pg_trgm is not installed (docs/search.md)')));
    return trgmSchema.catch((error: unknown) => {
      trgmSchema = undefined;
      throw error;
    });
  };

  const driver: SearchDriver = {
    // The completions and both passes in one statement, one round trip.
    async rank({ terms, mode, kinds, limit, complete }) {
      const text = tsqueryText(terms, mode);
      const words = QUERY;
      // The last term's completions (`c`): a range of search_words_prefix_idx; `q` ORs them into the last term.
      const query = complete
        ? sql`c as materialized (
            select word from search_words where word ~>=~ ${complete} and word ~<~ ${`${complete}\u{10FFFF}`} and word not like '%-%'
             order by uses desc, word limit ${sql.lit(COMPLETIONS)}),
          q as materialized (select to_tsquery('english', ${text.slice(0, -1)}
            || coalesce((select string_agg(' | ' || quote_literal(c.word), '') from c), '') || ')') as words)`
        : sql`q as materialized (select to_tsquery('english', ${text}) as words)`;
      const cap = sql.lit(sourceRowCap(limit));
      const score = (column: string) => sql`ts_rank(${WEIGHTS}, e.${sql.raw(column)}, ${words})`;
      // Titles and keywords have their own tsvector; a PDF page's is empty.
      const titles = kinds.map(
        (kind) => sql`(select e.id, e.kind, e.source_id, e.part, ${score('title_tsv')} as score
          from search_entries e where e.title_tsv @@ (${words} && ${kindQuery(kind)}) limit ${cap})`,
      );
      // The bodies' pass of a kind only when the titles' found fewer than `limit` of its sources (checked once, before the index is read).
      const short = (kind: SearchKind) => sql`(select count(distinct t.source_id) from titles t where t.kind = ${sql.lit(kind)}) < ${sql.lit(limit)}`;
      const bodies = kinds.map((kind) => {
        const [rows, pages] = bodyMatches(kind, words);
        const scored = sql`(select 'body' as pass, e.id, e.kind, e.source_id, e.part, ${score('tsv')} as score from search_entries e
          where ${rows} and ${short(kind)} limit ${cap})`;
        if (!pages) return scored;
        // PDF pages unscored (orderSources ranks their documents), at most pageCap of them.
        return sql`${scored} union all (select 'body' as pass, e.id, e.kind, e.source_id, e.part, 0 as score from search_entries e
          where ${pages} and ${short(kind)} limit ${sql.lit(pageCap(limit))})`;
      });
      const { rows } = await sql<RankRow>`
        with ${query}, titles as (${sql.join(titles, sql` union all `)})
        select 'title' as pass, t.id, t.kind, t.source_id, t.part, t.score from titles t
        union all ${sql.join(bodies, sql` union all `)}
        ${complete ? sql`union all select 'completion', null, null, c.word, null, null from c` : sql``}`.execute(db);
      const passes: RankedPasses = { title: [], body: [], ...(complete ? { completions: [] } : {}) };
      for (const row of rows) {
        if (row.pass === 'completion') passes.completions?.push(row.source_id);
        else if (isSearchKind(row.kind)) {
          (row.pass === 'title' ? passes.title : passes.body).push({ id: Number(row.id), kind: row.kind, sourceId: row.source_id, part: Number(row.part), score: Number(row.score) });
        }
      }
      return passes;
    },

    async entries(ids): Promise<EntryRow[]> {
      const { rows } = await sql<EntryRow>`select e.id, e.kind, e.source_id, e.part, e.title, e.body, e.url, e.label
        from search_entries e where e.id = any(${[...ids]}::int[])`.execute(db);
      return rows;
    },

    // Every term in one statement; a term that finds nothing alone also gets its near words.
    async hitsOrCandidates(terms, kind) {
      const schema = await trgm();
      const words = sql`q.words`;
      const found = anyMatch(kind ? bodyMatches(kind, words) : [...bodyMatches('document', words), ...bodyMatches('glossary', words), sql`e.kind not in ('document', 'glossary') and e.tsv @@ ${words}`]);
      const { rows } = await sql<{ position: number; found: boolean; word: string | null; uses: number | null }>`
        with q as materialized (select t.position, t.word, to_tsquery('english', t.query) as words
            from unnest(${terms.map(termText)}::text[], ${terms.map((term) => tsqueryText([term], 'all'))}::text[]) with ordinality as t(word, query, position)),
          h as materialized (select q.position, q.word, (${found}) as found from q)
        select h.position, h.found, c.word, c.uses from h
          left join lateral (${nearWords(schema, sql`h.word`, sql`not h.found`)}) c on true
         order by h.position`.execute(db);
      const answers = terms.map((): VocabularyWord[] | null => null);
      for (const row of rows) {
        if (row.found) continue;
        const list = (answers[Number(row.position) - 1] ??= []);
        if (row.word !== null) list.push({ word: row.word, uses: Number(row.uses) });
      }
      return answers;
    },

    async candidates(words) {
      const schema = await trgm();
      const { rows } = await sql<{ position: number; word: string; uses: number }>`
        select t.position, c.word, c.uses from unnest(${[...words]}::text[]) with ordinality as t(word, position)
         cross join lateral (${nearWords(schema, sql`t.word`)}) c
         order by t.position`.execute(db);
      const lists = words.map((): VocabularyWord[] => []);
      for (const row of rows) lists[Number(row.position) - 1]?.push({ word: row.word, uses: Number(row.uses) });
      return lists;
    },

    async insertEntries(trx, entries) {
      const titled = (entry: SearchEntry) => sql`setweight(to_tsvector('english', ${foldText(entry.title)}), 'A') || setweight(to_tsvector('english', ${foldText(entry.keywords)}), 'B')`;
      const kindVector = (entry: SearchEntry) => sql`array_to_tsvector(array[${kindLexeme(entry.kind)}]::text[])`;
      for (let start = 0; start < entries.length; start += 100) {
        const values = entries.slice(start, start + 100).map(
          (entry) =>
            sql`(${entry.kind}, ${entry.sourceId}, ${entry.part}, ${entry.title}, ${entry.keywords}, ${entry.body}, ${entry.url}, ${entry.label ?? null},
                 ${titled(entry)} || setweight(to_tsvector('english', ${foldText(entry.body)}), 'C') || ${kindVector(entry)},
                 ${entry.kind === 'document' && entry.part > 0 ? sql`''::tsvector` : sql`${titled(entry)} || ${kindVector(entry)}`})`,
        );
        await sql`insert into search_entries (kind, source_id, part, title, keywords, body, url, label, tsv, title_tsv) values ${sql.join(values)}`.execute(trx);
      }
    },
  };
  return createSearchIndexOn(db, driver);
}
