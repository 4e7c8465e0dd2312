import { type Kysely, sql } from 'kysely';
import { isSqlite } from './portable.ts';

/**
 * PostgreSQL only (a no-op on SQLite): migration 020's three GIN indexes over groups of PDF
 * pages become one over all the pages (kind 'document', part > 0); the documents' own rows
 * keep theirs (decision 030 has the figures for both).
 */
const gin = sql.raw('with (fastupdate = off)');
const pages = "kind = 'document' and part > 0";
const groups: Array<[name: string, predicate: string]> = [
  ['search_entries_tsv_pages_012_idx', `${pages} and right(source_id, 1) in ('0', '1', '2')`],
  ['search_entries_tsv_pages_345_idx', `${pages} and right(source_id, 1) in ('3', '4', '5')`],
  ['search_entries_tsv_pages_rest_idx', `${pages} and right(source_id, 1) not in ('0', '1', '2', '3', '4', '5')`],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
async function inTransaction(db: Kysely<any>, migrate: (trx: Kysely<any>) => Promise<void>): Promise<void> {
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await inTransaction(db, async (trx) => {
    await sql`create index if not exists search_entries_tsv_pages_idx on search_entries using gin (tsv) ${gin} where ${sql.raw(pages)}`.execute(trx);
    for (const [name] of groups) await sql`drop index if exists ${sql.id(name)}`.execute(trx);
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) return;
  await inTransaction(db, async (trx) => {
    for (const [name, predicate] of groups) await sql`create index if not exists ${sql.id(name)} on search_entries using gin (tsv) ${gin} where ${sql.raw(predicate)}`.execute(trx);
    await sql`drop index if exists search_entries_tsv_pages_idx`.execute(trx);
  });
}
