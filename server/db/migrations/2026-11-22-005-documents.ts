import type { Kysely } from 'kysely';
import { withIdColumn } from './portable.ts';

/**
 * The document library. The stored file lives in object storage under `object_key`; the
 * row keeps what the API shows and what a download needs (type, size, original name).
 *
 * `pending_seeds` holds one row per one-time seed still to run. The sample documents need
 * object storage, which a migration cannot reach, so the migration only records that they
 * are owed; the documents service claims the row (a delete only one process can win) and
 * seeds once. A database whose documents were all deleted by an admin is never re-seeded.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite's migrator runs without a transaction; a table without its seed marker would
  // never be seeded later.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const migrate = async (trx: Kysely<any>) => {
    await withIdColumn(trx, trx.schema.createTable('documents'))
      .addColumn('title', 'varchar(200)', (column) => column.notNull())
      .addColumn('description', 'text')
      .addColumn('object_key', 'varchar(200)', (column) => column.notNull().unique())
      .addColumn('original_name', 'varchar(255)', (column) => column.notNull())
      .addColumn('mime_type', 'varchar(100)', (column) => column.notNull())
      .addColumn('size_bytes', 'bigint', (column) => column.notNull())
      .addColumn('category', 'varchar(30)', (column) => column.notNull())
      // A JSON array of /objects/images/<uuid>.<ext> paths, in display order.
      .addColumn('carousel_images', 'text', (column) => column.notNull().defaultTo('[]'))
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .execute();
    // Each tab lists one category, newest first.
    await trx.schema.createIndex('documents_category_created_idx').on('documents').columns(['category', 'created_at']).execute();

    await trx.schema
      .createTable('pending_seeds')
      .addColumn('name', 'varchar(100)', (column) => column.primaryKey())
      .execute();
    await trx.insertInto('pending_seeds').values({ name: 'sample-documents' }).execute();
  };
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_seeds').execute();
  await db.schema.dropTable('documents').execute();
}
