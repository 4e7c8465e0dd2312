import type { Kysely } from 'kysely';
import { withIdColumn } from './portable.ts';

/** Admin accounts and their database-backed sessions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('admins'))
    .addColumn('username', 'varchar(64)', (column) => column.notNull().unique())
    // 'scrypt$N$r$p$salt$hash': the parameters travel with the hash so it can be upgraded later.
    .addColumn('password_hash', 'varchar(255)', (column) => column.notNull())
    .addColumn('totp_secret', 'varchar(64)')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('updated_at', 'bigint', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('admin_sessions')
    // SHA-256 of the 256-bit session id; the id itself is only ever in the admin's cookie.
    .addColumn('id_hash', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('admin_id', 'integer', (column) => column.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('last_seen_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('admin_sessions_admin_idx').on('admin_sessions').column('admin_id').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('admin_sessions').execute();
  await db.schema.dropTable('admins').execute();
}
