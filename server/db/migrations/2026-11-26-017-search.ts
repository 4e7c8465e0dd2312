import { type Kysely, sql } from 'kysely';
import { isSqlite, withIdColumn } from './portable.ts';

/**
 * The knowledge base's search index (docs/search.md, docs/decisions/030-search-in-the-database.md):
 *
 * - `search_entries`: one row per thing to find (a glossary term, an FAQ entry, a tutorial
 *   step, a document's title and description, one page of a PDF, a page section), unique on
 *   (kind, source_id, part). SQLite indexes it with FTS5 external-content tables kept in
 *   step by triggers (Porter stemming, accents removed), and gives each kind its own range
 *   of ids so a kind is a rowid range to FTS5; PostgreSQL with a weighted
 *   `tsvector` column the index code writes (so both dialects compare the same accent-free
 *   text) and a GIN index.
 * - `search_words`: the vocabulary of the indexed text with use counts, for typing mistakes;
 *   trigram-indexed (an FTS5 trigram table on SQLite, pg_trgm's GIN operator class on PostgreSQL).
 * - `document_pages`: the text extracted from each page of a PDF, deleted with the document.
 * - The glossary's substring search (`GET /api/glossary?search=`, docs/glossary.md) gets trigram indexes too.
 *
 * PostgreSQL needs the pg_trgm extension (shipped with PostgreSQL, in "contrib"): the migration
 * creates it, which takes a role allowed to (docs/search.md, "Figures" and operations notes).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const migrate = async (trx: Kysely<any>) => {
    const sqlite = isSqlite(trx);
    await withIdColumn(trx, trx.schema.createTable('search_entries'))
      .addColumn('kind', 'varchar(20)', (column) => column.notNull())
      .addColumn('source_id', 'varchar(300)', (column) => column.notNull())
      .addColumn('part', 'integer', (column) => column.notNull())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('keywords', 'text', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      .addColumn('url', 'text', (column) => column.notNull())
      .addColumn('label', 'text')
      .addUniqueConstraint('search_entries_source_uq', ['kind', 'source_id', 'part'])
      .execute();
    await trx.schema
      .createTable('search_words')
      .addColumn('word', 'varchar(100)', (column) => column.primaryKey())
      .addColumn('uses', 'integer', (column) => column.notNull())
      .execute();
    await trx.schema
      .createTable('document_pages')
      .addColumn('document_id', 'integer', (column) => column.notNull().references('documents.id').onDelete('cascade'))
      .addColumn('page', 'integer', (column) => column.notNull())
      .addColumn('text', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('document_pages_pk', ['document_id', 'page'])
      .execute();

    if (sqlite) await sqliteIndexes(trx);
    else await postgresIndexes(trx);
  };
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

/**
 * The FTS5 tables over search_entries and the triggers keeping them in step, as this migration
 * made them (migration 018 makes them again when it is undone).
 */
export const SEARCH_FTS = [
  // Title, keywords and body, stemmed; `prefix` keeps "results as you type" (the last
  // word is a prefix) from scanning every term that starts with two or three letters.
  `create virtual table search_fts using fts5(title, keywords, body, content='search_entries', content_rowid='id',
     tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`,
  // Titles and keywords alone: the first ranking pass reads only these short lists.
  `create virtual table search_title_fts using fts5(title, keywords, content='search_entries', content_rowid='id',
     tokenize='porter unicode61 remove_diacritics 2', prefix='2 3')`,
  // Entries are never updated in place (the index deletes and inserts), so insert and delete suffice.
  `create trigger search_entries_ai after insert on search_entries begin
     insert into search_fts(rowid, title, keywords, body) values (new.id, new.title, new.keywords, new.body);
     insert into search_title_fts(rowid, title, keywords) values (new.id, new.title, new.keywords);
   end`,
  `create trigger search_entries_ad after delete on search_entries begin
     insert into search_fts(search_fts, rowid, title, keywords, body) values ('delete', old.id, old.title, old.keywords, old.body);
     insert into search_title_fts(search_title_fts, rowid, title, keywords) values ('delete', old.id, old.title, old.keywords);
   end`,
  `create trigger search_entries_au after update on search_entries begin
     insert into search_fts(search_fts, rowid, title, keywords, body) values ('delete', old.id, old.title, old.keywords, old.body);
     insert into search_title_fts(search_title_fts, rowid, title, keywords) values ('delete', old.id, old.title, old.keywords);
     insert into search_fts(rowid, title, keywords, body) values (new.id, new.title, new.keywords, new.body);
     insert into search_title_fts(rowid, title, keywords) values (new.id, new.title, new.keywords);
   end`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
async function sqliteIndexes(trx: Kysely<any>): Promise<void> {
  const statements = [
    ...SEARCH_FTS,
    // The vocabulary's trigrams, for typo candidates. Words are never renamed, only added
    // and removed (their use counts change in place).
    `create virtual table search_words_trigram using fts5(word, content='search_words', content_rowid='rowid', tokenize='trigram')`,
    `create trigger search_words_ai after insert on search_words begin
       insert into search_words_trigram(rowid, word) values (new.rowid, new.word);
     end`,
    `create trigger search_words_ad after delete on search_words begin
       insert into search_words_trigram(search_words_trigram, rowid, word) values ('delete', old.rowid, old.word);
     end`,
    // The glossary's substring search: a trigram index answers "contains" for 3 characters and more.
    `create virtual table glossary_terms_trigram using fts5(term, definition, synonyms, content='glossary_terms', content_rowid='id', tokenize='trigram')`,
    `create trigger glossary_terms_trigram_ai after insert on glossary_terms begin
       insert into glossary_terms_trigram(rowid, term, definition, synonyms) values (new.id, new.term, new.definition, new.synonyms);
     end`,
    `create trigger glossary_terms_trigram_ad after delete on glossary_terms begin
       insert into glossary_terms_trigram(glossary_terms_trigram, rowid, term, definition, synonyms)
         values ('delete', old.id, old.term, old.definition, old.synonyms);
     end`,
    `create trigger glossary_terms_trigram_au after update of term, definition, synonyms on glossary_terms begin
       insert into glossary_terms_trigram(glossary_terms_trigram, rowid, term, definition, synonyms)
         values ('delete', old.id, old.term, old.definition, old.synonyms);
       insert into glossary_terms_trigram(rowid, term, definition, synonyms) values (new.id, new.term, new.definition, new.synonyms);
     end`,
    `insert into glossary_terms_trigram(glossary_terms_trigram) values ('rebuild')`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(trx);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
async function postgresIndexes(trx: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(trx);
  // The extension may live in a schema outside the search path (another app's, or public
  // when the app runs in a schema of its own): name its operator class with that schema.
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(trx);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('pg_trgm is not installed');
  const ops = sql`${sql.id(schema)}.gin_trgm_ops`;
  // Weighted words of title (A), keywords (B) and body (C), written by the index code
  // from accent-free text, plus one lexeme naming the kind ('§faq', which no query word can
  // be), so one kind's matches come from the index alone (server/services/search/postgres-search.ts).
  // `title_tsv` holds the title and keywords alone, for the first ranking pass.
  await sql`alter table search_entries add column tsv tsvector not null default ''::tsvector`.execute(trx);
  await sql`alter table search_entries add column title_tsv tsvector not null default ''::tsvector`.execute(trx);
  // fastupdate off: a GIN index otherwise queues new rows in a "pending list" that every
  // query scans whole until the next vacuum, which the planner prices as a table scan; this
  // index is read far more than written, and a write pays a little more instead.
  const gin = sql.raw('with (fastupdate = off)');
  await sql`create index search_entries_tsv_idx on search_entries using gin (tsv) ${gin}`.execute(trx);
  await sql`create index search_entries_title_tsv_idx on search_entries using gin (title_tsv) ${gin}`.execute(trx);
  await sql`create index search_words_trgm_idx on search_words using gin (word ${ops}) ${gin}`.execute(trx);
  for (const column of ['term', 'definition', 'synonyms']) {
    await sql`create index ${sql.id(`glossary_terms_${column}_trgm_idx`)} on glossary_terms using gin (lower(${sql.ref(column)}) ${ops}) ${gin}`.execute(trx);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) {
    for (const name of ['glossary_terms_trigram_ai', 'glossary_terms_trigram_ad', 'glossary_terms_trigram_au']) {
      await sql`drop trigger if exists ${sql.id(name)}`.execute(db);
    }
    for (const name of ['glossary_terms_trigram', 'search_words_trigram', 'search_title_fts', 'search_fts']) await sql`drop table if exists ${sql.id(name)}`.execute(db);
  } else {
    for (const column of ['term', 'definition', 'synonyms']) await sql`drop index if exists ${sql.id(`glossary_terms_${column}_trgm_idx`)}`.execute(db);
  }
  await db.schema.dropTable('document_pages').execute();
  await db.schema.dropTable('search_words').execute();
  await db.schema.dropTable('search_entries').execute();
}
