import type { Kysely } from 'kysely';

/**
 * Tokens for imports from a link (POST /api/uploads/url/get): one row per token, until a
 * socket takes it (the row is deleted then) or it expires 60 s after it was made. In the
 * database, not in a process's memory, so a socket may reach any process behind the load
 * balancer. `token_hash` is the SHA-256 of the token: a copy of the table holds no live token.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('url_imports')
    .addColumn('token_hash', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('admin_id', 'integer', (column) => column.notNull())
    .addColumn('url', 'text', (column) => column.notNull())
    .addColumn('title', 'varchar(200)', (column) => column.notNull())
    .addColumn('description', 'text')
    .addColumn('category', 'varchar(30)', (column) => column.notNull())
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('url_imports_created_idx').on('url_imports').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('url_imports').execute();
}
