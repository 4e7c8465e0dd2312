import { type Kysely, sql } from 'kysely';
import { SEARCH_FTS } from './2026-11-26-017-search.ts';
import { isSqlite } from './portable.ts';

/**
 * SQLite only (a no-op on PostgreSQL): the text of PDF pages (`search_entries` rows of kind
 * 'document' with part > 0) moves out of `search_fts` into an FTS5 table of its own,
 * `search_page_fts`, and out of `search_title_fts` (a page's title repeats its document's,
 * which has its own part-0 row). `bm25` walks every posting of each query word in its table
 * to weigh the word, and the 20,000 pages of the bench held nearly all of them; the pages are
 * now ranked without bm25 (docs/search.md, "How ranking works"), so the two tables bm25 reads
 * hold only the ~11,000 other rows.
 *
 * Each FTS5 table's external content is a view of `search_entries` holding its rows, so
 * FTS5's own 'rebuild' (here, and whenever run by hand) takes exactly those rows; the
 * triggers route each row by the same condition. An existing 017 index is rebuilt from
 * `search_entries`.
 */
/** Whether a row (`new`, `old`, or the table's own when '') is a PDF page. */
const isPage = (row = '') => `${row && `${row}.`}kind = 'document' and ${row && `${row}.`}part > 0`;
const TOKENIZE = `tokenize='porter unicode61 remove_diacritics 2'`;

/** 017's tables and triggers again, filled from search_entries (down). */
const up017 = [...SEARCH_FTS, `insert into search_fts(search_fts) values ('rebuild')`, `insert into search_title_fts(search_title_fts) values ('rebuild')`];

const up018 = [
  `create view search_main_entries as select id, title, keywords, body from search_entries where not (${isPage()})`,
  `create view search_page_entries as select id, title, body from search_entries where ${isPage()}`,
  // Everything but PDF pages, as in 017.
  `create virtual table search_fts using fts5(title, keywords, body, content='search_main_entries', content_rowid='id',
     ${TOKENIZE}, prefix='2 3')`,
  `create virtual table search_title_fts using fts5(title, keywords, content='search_main_entries', content_rowid='id',
     ${TOKENIZE}, prefix='2 3')`,
  // PDF pages: the title too, so a query whose words are split between a document's title
  // and one of its pages still finds that page. Never scored by bm25, so no per-row sizes
  // (columnsize=0); no prefix indexes (only a last word joined to others, "boil-o", is a
  // prefix query, and the page index is most of the index's size).
  `create virtual table search_page_fts using fts5(title, body, content='search_page_entries', content_rowid='id',
     ${TOKENIZE}, columnsize=0)`,
  // Entries are never updated in place (the index deletes and inserts); the update trigger is a safety net.
  `create trigger search_entries_ai after insert on search_entries when not (${isPage('new')}) begin
     insert into search_fts(rowid, title, keywords, body) values (new.id, new.title, new.keywords, new.body);
     insert into search_title_fts(rowid, title, keywords) values (new.id, new.title, new.keywords);
   end`,
  `create trigger search_entries_ad after delete on search_entries when not (${isPage('old')}) begin
     insert into search_fts(search_fts, rowid, title, keywords, body) values ('delete', old.id, old.title, old.keywords, old.body);
     insert into search_title_fts(search_title_fts, rowid, title, keywords) values ('delete', old.id, old.title, old.keywords);
   end`,
  `create trigger search_entries_page_ai after insert on search_entries when ${isPage('new')} begin
     insert into search_page_fts(rowid, title, body) values (new.id, new.title, new.body);
   end`,
  `create trigger search_entries_page_ad after delete on search_entries when ${isPage('old')} begin
     insert into search_page_fts(search_page_fts, rowid, title, body) values ('delete', old.id, old.title, old.body);
   end`,
  `create trigger search_entries_au after update on search_entries begin
     insert into search_fts(search_fts, rowid, title, keywords, body) select 'delete', old.id, old.title, old.keywords, old.body where not (${isPage('old')});
     insert into search_title_fts(search_title_fts, rowid, title, keywords) select 'delete', old.id, old.title, old.keywords where not (${isPage('old')});
     insert into search_page_fts(search_page_fts, rowid, title, body) select 'delete', old.id, old.title, old.body where ${isPage('old')};
     insert into search_fts(rowid, title, keywords, body) select new.id, new.title, new.keywords, new.body where not (${isPage('new')});
     insert into search_title_fts(rowid, title, keywords) select new.id, new.title, new.keywords where not (${isPage('new')});
     insert into search_page_fts(rowid, title, body) select new.id, new.title, new.body where ${isPage('new')};
   end`,
  `insert into search_fts(search_fts) values ('rebuild')`,
  `insert into search_title_fts(search_title_fts) values ('rebuild')`,
  `insert into search_page_fts(search_page_fts) values ('rebuild')`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
async function run(db: Kysely<any>, drop: string[], statements: string[]): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const migrate = async (trx: Kysely<any>) => {
    for (const statement of drop) await sql.raw(statement).execute(trx);
    for (const statement of statements) await sql.raw(statement).execute(trx);
  };
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

const dropTriggers = ['search_entries_ai', 'search_entries_ad', 'search_entries_au'].map((name) => `drop trigger if exists ${name}`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function up(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  await run(db, [...dropTriggers, 'drop table if exists search_title_fts', 'drop table if exists search_fts'], up018);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  if (!isSqlite(db)) return;
  await run(
    db,
    [
      ...dropTriggers,
      'drop trigger if exists search_entries_page_ai',
      'drop trigger if exists search_entries_page_ad',
      'drop table if exists search_page_fts',
      'drop table if exists search_title_fts',
      'drop table if exists search_fts',
      'drop view if exists search_page_entries',
      'drop view if exists search_main_entries',
    ],
    up017,
  );
}
