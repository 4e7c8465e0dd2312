import { type Kysely, sql } from 'kysely';
import { isSqlite } from './portable.ts';

/**
 * PostgreSQL only (a no-op on SQLite): the documents' GIN index (migration 019) split in
 * four, so a word found in most PDF pages no longer costs a walk through all of its pages
 * (docs/search.md, "How ranking works", "Bounded work").
 *
 * - The documents' own rows (part 0: title, keywords, description) get an index of their
 *   own, as on SQLite they have a table apart from the pages.
 * - The PDF pages (part > 0) get three, by the last character of the document's id: 0 to 2,
 *   3 to 5, anything else. A GIN index gathers every match before it returns the first; a
 *   word in 20,000 pages took 1.3 to 2 ms to gather, and the search needs 210 pages. The
 *   search reads the groups one after the other and stops when it has enough (a LIMIT over
 *   a `union all`), so a common word costs one group's gather (about a third) and a rare
 *   word all three, as before. All pages of a document are in one group, so the pages a
 *   search counts for a document are all of its matching pages. More groups would cut the
 *   gather further but cost every search more: each index in a statement's plan is opened
 *   when it runs (eleven groups made the searches that need no pages slower).
 *
 * The predicates are written exactly as the search's statements write them
 * (postgres-search.ts, PAGE_GROUPS), so the planner proves which index applies.
 */
const gin = 'with (fastupdate = off)';
const pages = "kind = 'document' and part > 0";

const indexes: Array<[name: string, predicate: string]> = [
  ['search_entries_tsv_document_own_idx', "kind = 'document' and part = 0"],
  ['search_entries_tsv_pages_012_idx', `${pages} and right(source_id, 1) in ('0', '1', '2')`],
  ['search_entries_tsv_pages_345_idx', `${pages} and right(source_id, 1) in ('3', '4', '5')`],
  ['search_entries_tsv_pages_rest_idx', `${pages} and right(source_id, 1) not in ('0', '1', '2', '3', '4', '5')`],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const migrate = async (trx: Kysely<any>) => {
    for (const [name, predicate] of indexes) await sql`create index ${sql.id(name)} on search_entries using gin (tsv) ${sql.raw(gin)} where ${sql.raw(predicate)}`.execute(trx);
    await sql`drop index search_entries_tsv_document_idx`.execute(trx);
  };
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await sql`create index if not exists search_entries_tsv_document_idx on search_entries using gin (tsv) ${sql.raw(gin)} where kind = 'document'`.execute(db);
  for (const [name] of indexes) await sql`drop index if exists ${sql.id(name)}`.execute(db);
}
