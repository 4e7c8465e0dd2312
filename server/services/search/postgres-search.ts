import type { SearchKind } from '@domain/search/types.ts';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import { foldText } from './query-text.ts';
import { type EntryRow, type MatchTerm, type RankRequest, type RankedRow, type SearchDriver, createSearchIndexOn, isSearchKind, rankCap } from './search-flow.ts';
import type { SearchEntry, SearchIndex } from './search-index.ts';

/**
 * The search index on PostgreSQL (docs/search.md): a weighted tsvector written from
 * accent-free text (title A, keywords B, body C, 'english' stemming), GIN indexes (the bodies'
 * split by kind, migration 019), ts_rank with weights, and pg_trgm over the vocabulary for typo
 * candidates. Excerpts are marked in TypeScript from the rows `entries` returns (excerpt.ts).
 */

/** ts_rank weights of D, C (body), B (keywords), A (title). */
const WEIGHTS = '{0.1, 0.2, 0.5, 1.0}';
const CANDIDATES = 60;
/** Rows hasHits reads, newest first, before it asks the GIN index. */
const RECENT_ROWS = 20;

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
 * The bodies' GIN indexes (migration 019): the documents, the glossary, the other kinds. A
 * condition on `kind` written as a literal lets the planner prove which one applies.
 */
const BODY_INDEXES = [sql`= 'document'`, sql`= 'glossary'`, sql`not in ('document', 'glossary')`];

/** A body match within one kind, through that kind's GIN index (the kind's lexeme tells the smaller kinds apart). */
function bodyMatch(kind: SearchKind, words: RawBuilder<unknown>): RawBuilder<unknown> {
  const own = sql`e.kind = ${sql.lit(kind)}`;
  return kind === 'document' || kind === 'glossary' ? sql`${own} and e.tsv @@ ${words}` : sql`${own} and e.tsv @@ (${words} && ${kindQuery(kind)}::tsquery)`;
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
      // Per kind, at most rankCap matches scored (docs/search.md): the kind's lexeme (or, in
      // the bodies, the kind's own GIN index) narrows the lookup, and the LIMIT stops reading
      // rows before ts_rank reads every match.
      // The planner always takes the GIN index here: the tsvectors have no statistics
      // (migration 019), so a match is never priced as common enough for a table scan.
      const passes = kinds.map((kind) => {
        // A PDF page's row is not scored in the bodies' pass (0; the flow ranks documents
        // found only in their pages by how many of their pages match): ts_rank would read
        // each page's tsvector, stored out of line. Its title_tsv is empty, so the titles'
        // pass never finds one.
        const score =
          stage === 'all' && kind === 'document'
            ? sql`case when e.part = 0 then ts_rank(${WEIGHTS}::float4[], e.${column}, ${words}) else 0 end`
            : sql`ts_rank(${WEIGHTS}::float4[], e.${column}, ${words})`;
        const match = stage === 'title' ? sql`e.title_tsv @@ (${words} && ${kindQuery(kind)}::tsquery)` : bodyMatch(kind, words);
        return sql`(select e.id, e.kind, e.source_id, e.part, ${score} as score from search_entries e where ${match} limit ${rankCap(kind, limit)})`;
      });
      const { rows } = await sql<{ id: number; score: number; kind: string; source_id: string; part: number }>`${sql.join(passes, sql` union all `)}`.execute(db);
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
      if (kind) {
        // Through the GIN index, as rank (migration 019).
        const { rows } = await sql`select 1 as found from search_entries e where ${bodyMatch(kind, tsquery([term], 'all'))} limit 1`.execute(db);
        return rows.length > 0;
      }
      // The newest rows first, then the GIN index: a common word (in most PDF pages) is found
      // within a few rows, where the index would first gather all of its matches (2 to 3 ms
      // for "storage" in the benchmark); a rare one costs the lookup of RECENT_ROWS rows more.
      const words = tsquery([term], 'all');
      const { rows } = await sql`
        (select 1 as found from (select tsv from search_entries order by id desc limit ${RECENT_ROWS}) recent where tsv @@ ${words} limit 1)
        union all
        ${sql.join(
          BODY_INDEXES.map((kinds) => sql`(select 1 from search_entries e where e.kind ${kinds} and e.tsv @@ ${words} limit 1)`),
          sql` union all `,
        )}
        limit 1`.execute(db);
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
      // A PDF page repeats its document's title: only part 0 has it in title_tsv (migration 019).
      const titleVector = (entry: SearchEntry) =>
        entry.kind === 'document' && entry.part > 0
          ? sql`''::tsvector`
          : sql`setweight(to_tsvector('english', ${foldText(entry.title)}), 'A') ||
                 setweight(to_tsvector('english', ${foldText(entry.keywords)}), 'B') ||
                 array_to_tsvector(array[${kindLexeme(entry.kind)}]::text[])`;
      for (let start = 0; start < entries.length; start += 100) {
        const values = entries.slice(start, start + 100).map(
          (entry) =>
            sql`(${entry.kind}, ${entry.sourceId}, ${entry.part}, ${entry.title}, ${entry.keywords}, ${entry.body}, ${entry.url}, ${entry.label ?? null},
                 setweight(to_tsvector('english', ${foldText(entry.title)}), 'A') ||
                 setweight(to_tsvector('english', ${foldText(entry.keywords)}), 'B') ||
                 setweight(to_tsvector('english', ${foldText(entry.body)}), 'C') ||
                 array_to_tsvector(array[${kindLexeme(entry.kind)}]::text[]),
                 ${titleVector(entry)})`,
        );
        await sql`insert into search_entries (kind, source_id, part, title, keywords, body, url, label, tsv, title_tsv) values ${sql.join(values)}`.execute(trx);
      }
    },
  };
  return createSearchIndexOn(db, driver);
}
