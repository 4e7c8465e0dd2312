import { type Kysely, sql } from 'kysely';
import { withIdColumn } from './portable.ts';

const statusCheck = sql`status in ('pending', 'handled')`;

/**
 * Contact messages, demo requests, and the outbox of sales notifications for them.
 * Timestamps are epoch milliseconds (bigint), like the rest of the schema.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  await withIdColumn(db, db.schema.createTable('contact_messages'))
    .addColumn('first_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('last_name', 'varchar(100)', (column) => column.notNull())
    .addColumn('company', 'varchar(200)', (column) => column.notNull())
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    .addColumn('message', 'text', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) =>
      column.notNull().defaultTo('pending').check(statusCheck),
    )
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('contact_messages_status_created_idx')
    .on('contact_messages')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('contact_messages_created_idx').on('contact_messages').column('created_at').execute();

  await withIdColumn(db, db.schema.createTable('demo_requests'))
    .addColumn('name', 'varchar(100)', (column) => column.notNull())
    .addColumn('phone', 'varchar(40)', (column) => column.notNull())
    .addColumn('email', 'varchar(254)', (column) => column.notNull())
    .addColumn('company', 'varchar(200)', (column) => column.notNull())
    .addColumn('title', 'varchar(100)')
    .addColumn('notes', 'text')
    .addColumn('status', 'varchar(16)', (column) =>
      column.notNull().defaultTo('pending').check(statusCheck),
    )
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('demo_requests_status_created_idx')
    .on('demo_requests')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('demo_requests_created_idx').on('demo_requests').column('created_at').execute();

  await withIdColumn(db, db.schema.createTable('lead_notifications'))
    .addColumn('kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('lead_id', 'integer', (column) => column.notNull())
    .addColumn('status', 'varchar(16)', (column) => column.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (column) => column.notNull())
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('created_at', 'bigint', (column) => column.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  // The sender's poll: due rows by status and time.
  await db.schema
    .createIndex('lead_notifications_due_idx')
    .on('lead_notifications')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('lead_notifications').execute();
  await db.schema.dropTable('demo_requests').execute();
  await db.schema.dropTable('contact_messages').execute();
}
