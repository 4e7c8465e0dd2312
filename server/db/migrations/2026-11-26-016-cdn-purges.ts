import type { Kysely } from 'kysely';
import { withIdColumn } from './portable.ts';

/**
 * The CDN purge outbox (docs/operations.md, "CDN purge"; docs/decisions/028-cdn-headers-and-purge.md):
 * one row per raised content version, written in the transaction that raises it, naming the
 * cache tags the change touched. `content_version` is unique, so a change is queued once
 * however many processes there are; senders claim rows like the other outboxes. Times are epoch ms.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on the app's current types
export async function up(db: Kysely<any>): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
  const migrate = async (trx: Kysely<any>) => {
    await withIdColumn(trx, trx.schema.createTable('cdn_purges'))
      .addColumn('content_version', 'bigint', (column) => column.notNull().unique())
      // JSON array of tags.
      .addColumn('tags', 'text', (column) => column.notNull())
      .addColumn('status', 'varchar(16)', (column) => column.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
      // When a pending row is due, or when a 'sending' claim expires; null once sent or failed.
      .addColumn('next_attempt_at', 'bigint')
      .addColumn('last_error', 'varchar(1000)')
      .addColumn('created_at', 'bigint', (column) => column.notNull())
      .addColumn('sent_at', 'bigint')
      .execute();
    await trx.schema.createIndex('cdn_purges_due_idx').on('cdn_purges').columns(['status', 'next_attempt_at']).execute();
  };
  // SQLite's migrator runs without a transaction; half a migration must not stay behind.
  if (db.isTransaction) await migrate(db);
  else await db.transaction().execute(migrate);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('cdn_purges').execute();
}
