import { type Kysely, sql } from 'kysely';
import { isSqlite } from './portable.ts';

/**
 * The search index's PostgreSQL side made cheaper to query (docs/search.md, "How ranking
 * works" and "Figures"); nothing on SQLite.
 *
 * - No planner statistics for `tsv` and `title_tsv`. With them, the planner prices a match
 *   within one kind (the word's lexeme AND the kind's) as if the matches were spread evenly
 *   over the table; one kind's rows sit together and each row's tsvector is stored out of
 *   line, so with a LIMIT it chose to read the table in order and a kind with few or no
 *   matches meant reading every row (90 to 150 ms). Without statistics every tsquery is
 *   priced as selective and the GIN index is always used, with no per-query setting (the
 *   queries used to run in a transaction with `enable_seqscan` off: three more round trips
 *   per pass). Changing a column's type to its own type drops the statistics already
 *   gathered; it rewrites neither the table nor its indexes.
 * - A PDF page's row (kind 'document', part > 0) repeats its document's title; its
 *   `title_tsv` becomes empty, so the titles' pass scores each document once (part 0)
 *   instead of 21 times. The index code writes it so from now on.
 * - The bodies' GIN index split by kind: one for the documents (their PDF pages are most of
 *   the table), one for the glossary, one for the other kinds (where the kind's lexeme still
 *   tells them apart). A match within the glossary no longer reads the documents' share of
 *   each word's list, nor the 10,000 or 21,000 entries of the kind's own lexeme: 0.8 to 1.1
 *   ms became 0.15 to 0.45 for two or three words in the benchmark, documents 0.3 to 0.7 ms less.
 * - A btree over the vocabulary's words with `varchar_pattern_ops`, so the completions of a
 *   word being typed (`word like 'gas%'`) are an index range: the primary key follows the
 *   database's collation, which LIKE cannot use unless it is "C", and pg_trgm's index
 *   answers a prefix by merging trigram lists.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const migrate = async (trx: Kysely<any>) => {
    await sql`alter table search_entries alter column tsv set statistics 0, alter column title_tsv set statistics 0`.execute(trx);
    await sql`alter table search_entries alter column tsv type tsvector, alter column title_tsv type tsvector`.execute(trx);
    await sql`update search_entries set title_tsv = ''::tsvector where kind = 'document' and part > 0 and title_tsv <> ''::tsvector`.execute(trx);
    await sql`create index search_words_prefix_idx on search_words (word varchar_pattern_ops)`.execute(trx);
    // fastupdate off, as in migration 017. The kinds are written as the index code writes them.
    const gin = sql.raw('with (fastupdate = off)');
    await sql`drop index search_entries_tsv_idx`.execute(trx);
    await sql`create index search_entries_tsv_document_idx on search_entries using gin (tsv) ${gin} where kind = 'document'`.execute(trx);
    await sql`create index search_entries_tsv_glossary_idx on search_entries using gin (tsv) ${gin} where kind = 'glossary'`.execute(trx);
    await sql`create index search_entries_tsv_other_idx on search_entries using gin (tsv) ${gin} where kind not in ('document', 'glossary')`.execute(trx);
  };
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`drop index if exists search_words_prefix_idx`.execute(db);
  for (const name of ['search_entries_tsv_document_idx', 'search_entries_tsv_glossary_idx', 'search_entries_tsv_other_idx']) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  await sql`create index search_entries_tsv_idx on search_entries using gin (tsv) with (fastupdate = off)`.execute(db);
  await sql`alter table search_entries alter column tsv set statistics -1, alter column title_tsv set statistics -1`.execute(db);
  // The pages' titles come back with the next `npm run search:reindex` under the older code.
}
