import type { Kysely } from 'kysely';

/**
 * One row that the scheduled backups of every app process share (docs/decisions/025-backups.md):
 * the lease of the process taking a backup now, and when the last one finished, so several
 * processes take one backup per interval between them, one at a time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('backup_lease')
    .addColumn('name', 'varchar(50)', (column) => column.primaryKey())
    .addColumn('holder', 'varchar(100)')
    .addColumn('lease_until', 'bigint', (column) => column.notNull())
    .addColumn('last_finished_at', 'bigint')
    .execute();
  await db.insertInto('backup_lease').values({ name: 'scheduled', holder: null, lease_until: 0, last_finished_at: null }).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_lease').execute();
}
