import type { Kysely } from 'kysely';
import { withIdColumn } from './portable.ts';

/**
 * Webhooks (docs/leads.md#webhooks, docs/decisions/026-webhooks.md): the endpoints admins
 * configure, the delivery outbox (one row per endpoint and event, written in the lead's
 * transaction) and every attempt's outcome for the delivery log. Times are epoch ms.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const migrate = async (trx: Kysely<any>) => {
    await withIdColumn(trx, trx.schema.createTable('webhook_endpoints'))
      .addColumn('url', 'varchar(2048)', (column) => column.notNull())
      .addColumn('description', 'varchar(500)', (column) => column.notNull().defaultTo(''))
      .addColumn('events', 'text', (column) => column.notNull())
      // 1 or 0: better-sqlite3 binds no booleans, so both dialects store a number.
      .addColumn('enabled', 'integer', (column) => column.notNull().defaultTo(1))
      .addColumn('secret', 'varchar(100)', (column) => column.notNull())
      .addColumn('previous_secret', 'varchar(100)')
      .addColumn('previous_secret_until', 'bigint')
      .addColumn('disabled_reason', 'varchar(500)')
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('updated_at', 'bigint', (column) => column.notNull())
      .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
      .execute();

    await withIdColumn(trx, trx.schema.createTable('webhook_deliveries'))
      .addColumn('endpoint_id', 'integer', (column) => column.notNull().references('webhook_endpoints.id').onDelete('cascade'))
      .addColumn('message_id', 'varchar(100)', (column) => column.notNull())
      .addColumn('event_type', 'varchar(50)', (column) => column.notNull())
      .addColumn('lead_kind', 'varchar(16)')
      .addColumn('lead_id', 'integer')
      .addColumn('payload', 'text', (column) => column.notNull())
      .addColumn('status', 'varchar(16)', (column) => column.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('delivered_at', 'bigint')
      .addColumn('dismissed_at', 'bigint')
      .addColumn('dismissed_by', 'varchar(64)')
      .execute();
    // The sender's poll, the delivery log per endpoint, and the inbox's look-up per lead.
    await trx.schema.createIndex('webhook_deliveries_due_idx').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
    await trx.schema.createIndex('webhook_deliveries_endpoint_idx').on('webhook_deliveries').columns(['endpoint_id', 'id']).execute();
    await trx.schema.createIndex('webhook_deliveries_lead_idx').on('webhook_deliveries').columns(['lead_kind', 'lead_id']).execute();

    await withIdColumn(trx, trx.schema.createTable('webhook_attempts'))
      .addColumn('delivery_id', 'integer', (column) => column.notNull().references('webhook_deliveries.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (column) => column.notNull())
      .addColumn('duration_ms', 'integer', (column) => column.notNull())
      .addColumn('http_status', 'integer')
      .addColumn('error', 'varchar(1000)')
      .addColumn('response_excerpt', 'text')
      .execute();
    await trx.schema.createIndex('webhook_attempts_delivery_idx').on('webhook_attempts').columns(['delivery_id', 'id']).execute();
  };
  // SQLite's migrator runs without a transaction; half a migration must not stay behind.
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
