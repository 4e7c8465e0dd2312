import type { SearchKind } from '@domain/search/types.ts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { foldText } from './query-text.ts';
import { type EntryRow, type MatchTerm, type RankRequest, type RankedRow, type SearchDriver, createSearchIndexOn, isSearchKind, rankCap } from './search-flow.ts';
import type { SearchIndex } from './search-index.ts';

/**
 * The search index on PostgreSQL (docs/search.md): a weighted tsvector written from
 * accent-free text (title A, keywords B, body C, 'english' stemming), a GIN index, ts_rank
 * with weights, ts_headline for excerpts, and pg_trgm over the vocabulary for typo candidates.
 */

/** ts_rank weights of D, C (body), B (keywords), A (title). */
const WEIGHTS = '{0.1, 0.2, 0.5, 1.0}';
const CANDIDATES = 60;

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
const kindQuery = (kind: SearchKind) => `'${kindLexeme(kind)}'`;

/**
 * Runs a matching query with sequential scans priced out (in a transaction of its own, so the
 * setting ends with it). With a LIMIT, the planner takes a scan of the whole table in its
 * order as cheap, as if the matches were spread evenly; but one kind's rows sit together and
 * each row's tsvector is stored out of line, so a kind with few matches had PostgreSQL read
 * and decompress every row ("regasify": 90 to 150 ms). The GIN lookup costs about a millisecond.
 */
async function withIndexScans<T>(db: Db, run: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return run(trx);
  });
}


export function createPostgresSearchIndex(db: Db): SearchIndex {
  // pg_trgm's schema (it need not be on the search path): looked up once.
  let trgmSchema: Promise<string> | undefined;
  const trgm = async (): Promise<string> => {
    trgmSchema ??= sql<{ schema: string }>`
      select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`
      .execute(db)
      .then(({ rows }) => {
        const schema = rows[0]?.schema;
        if (!schema) throw new Error('pg_trgm is not installed (docs/search.md)');
        return schema;
      });
    return trgmSchema.catch((error: unknown) => {
      trgmSchema = undefined;
      throw error;
    });
  };
  const tsquery = (terms: readonly MatchTerm[], mode: 'all' | 'any'): RawBuilder<unknown> => sql`to_tsquery('english', ${tsqueryText(terms, mode)})`;

  const driver: SearchDriver = {
    async rank({ terms, mode, stage, kinds, limit }: RankRequest): Promise<RankedRow[]> {
      const words = tsquery(terms, mode);
      // Titles and keywords have a tsvector (and GIN index) of their own: a first pass never reads the bodies'.
      const column = sql.raw(stage === 'title' ? 'title_tsv' : 'tsv');
      // Per kind, at most rankCap matches scored (docs/search.md): the kind's lexeme narrows
      // the GIN lookup, and the LIMIT stops reading rows before ts_rank reads every match.
      const passes = kinds.map(
        (kind) => sql`(select e.id, e.kind, e.source_id, e.part, ts_rank(${WEIGHTS}::float4[], e.${column}, ${words}) as score
             from search_entries e where e.${column} @@ (${words} && ${kindQuery(kind)}::tsquery) limit ${rankCap(kind, limit)})`,
      );
      const { rows } = await withIndexScans(db, (trx) =>
        sql<{ id: number; score: number; kind: string; source_id: string; part: number }>`${sql.join(passes, sql` union all `)}`.execute(trx),
      );
      return rows.flatMap((row) =>
        isSearchKind(row.kind) ? [{ id: Number(row.id), kind: row.kind, sourceId: row.source_id, part: Number(row.part), score: Number(row.score) }] : [],
      );
    },

    async entries(ids): Promise<EntryRow[]> {
      const { rows } = await sql<EntryRow>`
        select e.id, e.kind, e.source_id, e.part, e.title, e.body, e.url, e.label
          from search_entries e where e.id = any(${[...ids]}::int[])`.execute(db);
      return rows;
    },

    async hasHits(term, kind) {
      const query = kind ? sql`(${tsquery([term], 'all')} && ${kindQuery(kind)}::tsquery)` : tsquery([term], 'all');
      const found = (trx: Db) => sql`select 1 as found from search_entries where tsv @@ ${query} limit 1`.execute(trx);
      // Without a kind, a scan stops at the first match anywhere (and a word that finds nothing
      // is rare, so the planner takes the index); within a kind, see withIndexScans.
      const { rows } = kind ? await withIndexScans(db, found) : await found(db);
      return rows.length > 0;
    },

    async candidates(word) {
      const schema = sql.id(await trgm());
      const { rows } = await sql<{ word: string; uses: number }>`
        select word, uses from search_words
         where word operator(${schema}.%) ${word}
         order by ${schema}.similarity(word, ${word}) desc, uses desc, word
         limit ${CANDIDATES}`.execute(db);
      return rows.map((row) => ({ word: row.word, uses: Number(row.uses) }));
    },

    async insertEntries(trx, entries) {
      for (let start = 0; start < entries.length; start += 100) {
        const values = entries.slice(start, start + 100).map(
          (entry) =>
            sql`(${entry.kind}, ${entry.sourceId}, ${entry.part}, ${entry.title}, ${entry.keywords}, ${entry.body}, ${entry.url}, ${entry.label ?? null},
                 setweight(to_tsvector('english', ${foldText(entry.title)}), 'A') ||
                 setweight(to_tsvector('english', ${foldText(entry.keywords)}), 'B') ||
                 setweight(to_tsvector('english', ${foldText(entry.body)}), 'C') ||
                 array_to_tsvector(array[${kindLexeme(entry.kind)}]::text[]),
                 setweight(to_tsvector('english', ${foldText(entry.title)}), 'A') ||
                 setweight(to_tsvector('english', ${foldText(entry.keywords)}), 'B') ||
                 array_to_tsvector(array[${kindLexeme(entry.kind)}]::text[]))`,
        );
        await sql`insert into search_entries (kind, source_id, part, title, keywords, body, url, label, tsv, title_tsv) values ${sql.join(values)}`.execute(trx);
      }
    },
  };
  return createSearchIndexOn(db, driver);
}
