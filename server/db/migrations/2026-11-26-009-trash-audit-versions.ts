import { type Kysely, sql } from 'kysely';
import { withIdColumn } from './portable.ts';

/**
 * Trash, audit log and versions (docs/trash-and-audit.md, decision 024):
 * - documents, glossary terms and both lead tables gain `deleted_at` (epoch ms, null = live)
 *   and `deleted_by`: a delete moves a row to the trash instead of removing it.
 * - documents and glossary terms gain `version` (raised by every change) and `updated_by`;
 *   documents gain `updated_at` (epoch ms; glossary terms already have theirs, as ISO text).
 * - The glossary's one-term-per-name index covers live terms only, so a term in the trash
 *   does not block a new one of the same name (its restore is then refused with a 409).
 * - `audit_log`: one row per admin write, inserted in that write's transaction.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite's migrator runs without a transaction; half a migration must not stay behind.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const migrate = async (trx: Kysely<any>) => {
    for (const table of ['documents', 'glossary_terms', 'contact_messages', 'demo_requests']) {
      await trx.schema.alterTable(table).addColumn('deleted_at', 'bigint').execute();
      await trx.schema.alterTable(table).addColumn('deleted_by', 'varchar(64)').execute();
      // The trash lists by deletion time; live lists filter on `deleted_at is null`.
      await trx.schema.createIndex(`${table}_deleted_idx`).on(table).column('deleted_at').execute();
    }
    for (const table of ['documents', 'glossary_terms']) {
      await trx.schema.alterTable(table).addColumn('version', 'integer', (column) => column.notNull().defaultTo(1)).execute();
      await trx.schema.alterTable(table).addColumn('updated_by', 'varchar(64)').execute();
    }
    await trx.schema.alterTable('documents').addColumn('updated_at', 'bigint', (column) => column.notNull().defaultTo(0)).execute();
    await trx.updateTable('documents').set({ updated_at: sql`created_at` }).execute();

    await trx.schema.dropIndex('glossary_terms_term_lower_uq').execute();
    await sql`create unique index glossary_terms_term_lower_uq on glossary_terms (lower(term)) where deleted_at is null`.execute(trx);

    await withIdColumn(trx, trx.schema.createTable('audit_log'))
      .addColumn('at', 'bigint', (column) => column.notNull())
      .addColumn('admin_id', 'integer')
      .addColumn('admin_name', 'varchar(64)', (column) => column.notNull())
      .addColumn('action', 'varchar(40)', (column) => column.notNull())
      .addColumn('entity_kind', 'varchar(20)', (column) => column.notNull())
      .addColumn('entity_id', 'varchar(64)')
      .addColumn('summary', 'text', (column) => column.notNull())
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .execute();
    await trx.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
    await trx.schema.createIndex('audit_log_admin_at_idx').on('audit_log').columns(['admin_name', 'at']).execute();
    await trx.schema.createIndex('audit_log_kind_at_idx').on('audit_log').columns(['entity_kind', 'at']).execute();
  };
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
