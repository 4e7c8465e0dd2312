import { type Kysely, sql } from 'kysely';
import { glossarySeed } from '../../../content/glossary-seed.ts';
import { withIdColumn } from './portable.ts';

/**
 * The knowledge-base glossary, seeded with the starter terms of content/glossary-seed.ts.
 *
 * Seeding lives in the migration on purpose: a migration runs exactly once per database,
 * so a new database gets the starter glossary and an existing one never gets it again,
 * even after an admin deletes every term. (The seed is plain data with no imports, so
 * this migration still depends on no app code.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  // PostgreSQL already runs each migration in a transaction; SQLite's migrator does not,
  // and a table without its seed would never be seeded later.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const migrate = async (trx: Kysely<any>) => {
    await withIdColumn(trx, trx.schema.createTable('glossary_terms'))
      .addColumn('term', 'varchar(200)', (column) => column.notNull())
      .addColumn('definition', 'text', (column) => column.notNull())
      .addColumn('category', 'varchar(20)', (column) => column.notNull())
      .addColumn('synonyms', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('related_terms', 'text', (column) => column.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(30)', (column) => column.notNull())
      .addColumn('updated_at', 'varchar(30)', (column) => column.notNull())
      .execute();
    // One term per name regardless of case; the same index serves ORDER BY lower(term).
    await trx.schema
      .createIndex('glossary_terms_term_lower_uq')
      .on('glossary_terms')
      .unique()
      .expression(sql`lower(term)`)
      .execute();
    // The category filter narrows first; the substring search then scans only that category.
    await trx.schema.createIndex('glossary_terms_category_idx').on('glossary_terms').column('category').execute();

    const now = new Date().toISOString();
    const rows = glossarySeed.map((entry) => ({
      term: entry.term,
      definition: entry.definition,
      category: entry.category,
      synonyms: entry.synonyms.join(', '),
      related_terms: entry.relatedTerms.join(', '),
      created_at: now,
      updated_at: now,
    }));
    for (let start = 0; start < rows.length; start += 100) {
      await trx.insertInto('glossary_terms').values(rows.slice(start, start + 100)).execute();
    }
  };
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('glossary_terms').execute();
}
