import type { Kysely } from 'kysely';

/**
 * One counter that every write to what public pages show (glossary terms, documents, their
 * carousel images) raises, so each app process knows when its cached pages are out of date
 * (server/services/pages/content-version.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('content_versions')
    .addColumn('name', 'varchar(50)', (column) => column.primaryKey())
    .addColumn('version', 'bigint', (column) => column.notNull())
    .execute();
  await db.insertInto('content_versions').values({ name: 'pages', version: 1 }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('content_versions').execute();
}
