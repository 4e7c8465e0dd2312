import type { Kysely } from 'kysely';

/**
 * Editable site content (docs/site-content.md, docs/decisions/027-editable-site-content.md):
 * one row per kind (company, leaders, faq, associations, seo) holding the published JSON
 * document and, beside it, the draft; every publish keeps the whole document as a version;
 * and the leader photos that exist, so a save can refuse an unknown one. Times are epoch ms.
 * The rows themselves are seeded by the service from content/*.ts, not here: a migration
 * never imports app code.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const migrate = async (trx: Kysely<any>) => {
    await trx.schema
      .createTable('site_content')
      .addColumn('kind', 'varchar(32)', (column) => column.primaryKey())
      .addColumn('published', 'text', (column) => column.notNull())
      .addColumn('published_version', 'integer', (column) => column.notNull())
      .addColumn('published_at', 'bigint', (column) => column.notNull())
      .addColumn('published_by', 'varchar(64)')
      .addColumn('draft', 'text')
      .addColumn('draft_updated_at', 'bigint')
      .addColumn('draft_updated_by', 'varchar(64)')
      // Raised by every draft save, discard, publish and restore: the conflict check.
      .addColumn('revision', 'integer', (column) => column.notNull().defaultTo(1))
      // The last write of any of those, for the 409's "changed by … at …".
      .addColumn('updated_at', 'bigint', (column) => column.notNull())
      .addColumn('updated_by', 'varchar(64)')
      .execute();

    await trx.schema
      .createTable('site_content_versions')
      .addColumn('kind', 'varchar(32)', (column) => column.notNull())
      .addColumn('version', 'integer', (column) => column.notNull())
      .addColumn('data', 'text', (column) => column.notNull())
      .addColumn('published_at', 'bigint', (column) => column.notNull())
      .addColumn('published_by', 'varchar(64)')
      .addColumn('restored_from', 'integer')
      .addPrimaryKeyConstraint('site_content_versions_pk', ['kind', 'version'])
      .execute();

    await trx.schema
      .createTable('leader_photos')
      .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('created_by', 'varchar(64)')
      .execute();
  };
  // SQLite's migrator runs without a transaction; half a migration must not stay behind.
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('leader_photos').execute();
  await db.schema.dropTable('site_content_versions').execute();
  await db.schema.dropTable('site_content').execute();
}
