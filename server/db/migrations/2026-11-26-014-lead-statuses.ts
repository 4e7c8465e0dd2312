import { type Kysely, sql } from 'kysely';
import { isSqlite, withIdColumn } from './portable.ts';

const LEAD_TABLES = ['contact_messages', 'demo_requests'] as const;
const OLD_CHECK = "check (status in ('pending', 'handled'))";
const NEW_CHECK = "check (status in ('new', 'contacted', 'qualified', 'closed'))";

/**
 * Lead statuses New, Contacted, Qualified, Closed (docs/leads.md): `pending` becomes `new`,
 * `handled` becomes `closed`; each later change is a row of `lead_status_changes` (date and
 * admin). `lead_notifications` gains `dismissed_at`/`dismissed_by`, for the failing badge.
 *
 * SQLite cannot change a column's CHECK, so there each lead table is rebuilt from its own
 * CREATE statement with the new check and default, its rows copied with the new names, and
 * its indexes created again; PostgreSQL drops and adds the constraint.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite's migrator runs without a transaction; half a migration must not stay behind.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const migrate = async (trx: Kysely<any>) => {
    for (const table of LEAD_TABLES) {
      if (isSqlite(trx)) await rebuildSqliteTable(trx, table);
      else {
        await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(`${table}_status_check`)}`.execute(trx);
        await sql`update ${sql.table(table)} set status = case status when 'pending' then 'new' when 'handled' then 'closed' else status end`.execute(trx);
        await sql`alter table ${sql.table(table)} alter column status set default 'new'`.execute(trx);
        await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_status_check`)} ${sql.raw(NEW_CHECK)}`.execute(trx);
      }
    }

    await withIdColumn(trx, trx.schema.createTable('lead_status_changes'))
      .addColumn('lead_kind', 'varchar(16)', (column) => column.notNull())
      .addColumn('lead_id', 'integer', (column) => column.notNull())
      .addColumn('status', 'varchar(16)', (column) => column.notNull())
      .addColumn('previous_status', 'varchar(16)', (column) => column.notNull())
      .addColumn('at', 'bigint', (column) => column.notNull())
      .addColumn('admin_name', 'varchar(64)', (column) => column.notNull())
      .execute();
    await trx.schema.createIndex('lead_status_changes_lead_idx').on('lead_status_changes').columns(['lead_kind', 'lead_id', 'at']).execute();

    await trx.schema.alterTable('lead_notifications').addColumn('dismissed_at', 'bigint').execute();
    await trx.schema.alterTable('lead_notifications').addColumn('dismissed_by', 'varchar(64)').execute();
    // The inbox reads a lead's notification by kind and id.
    await trx.schema.createIndex('lead_notifications_lead_idx').on('lead_notifications').columns(['kind', 'lead_id']).execute();
  };
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

/** A lead table again with the new statuses: same columns, same indexes, rows renamed on the way. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
async function rebuildSqliteTable(trx: Kysely<any>, table: string): Promise<void> {
  const { rows: tableRows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(trx);
  const createSql = tableRows[0]?.sql;
  if (!createSql || !createSql.includes(OLD_CHECK)) throw new Error(`${table}: unexpected table definition, not migrated`);
  const { rows: indexRows } = await sql<{ sql: string | null }>`select sql from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(trx);
  const temporary = `${table}_014`;
  const newSql = createSql
    .replace(OLD_CHECK, NEW_CHECK)
    .replace("default 'pending'", "default 'new'")
    .replace(/^create table\s+("?)[A-Za-z_]+\1/i, `create table "${temporary}"`);
  await sql.raw(newSql).execute(trx);
  const { rows: columns } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(trx);
  const names = columns.map((column) => column.name);
  const list = sql.join(names.map((name) => sql.id(name)));
  const values = sql.join(
    names.map((name) =>
      name === 'status' ? sql`case status when 'pending' then 'new' when 'handled' then 'closed' else status end` : sql.id(name),
    ),
  );
  await sql`insert into ${sql.table(temporary)} (${list}) select ${values} from ${sql.table(table)}`.execute(trx);
  // Ids of leads deleted forever are never given again: the counter moves over too.
  const { rows: sequence } = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(trx);
  await sql`drop table ${sql.table(table)}`.execute(trx);
  await sql`alter table ${sql.table(temporary)} rename to ${sql.table(table)}`.execute(trx);
  const seq = Number(sequence[0]?.seq ?? 0);
  await sql`update sqlite_sequence set seq = ${seq} where name = ${table} and seq < ${seq}`.execute(trx);
  for (const index of indexRows) if (index.sql) await sql.raw(index.sql).execute(trx);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_status_changes').execute();
}
