import { type Kysely, sql } from 'kysely';

/**
 * Each admin has one role (docs/admin.md, "Roles"): owner, editor or sales. Every admin that
 * existed before roles could do everything, so each becomes an owner through the default.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('admins')
    .addColumn('role', 'varchar(16)', (column) => column.notNull().defaultTo('owner').check(sql`role in ('owner', 'editor', 'sales')`))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('admins').dropColumn('role').execute();
}
