import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The queries both outboxes run the same way (docs/leads.md, "The e-mail to sales" and
 * "Retries"): a row is due while it is 'pending' or 'sending' and its `next_attempt_at` has
 * come ('sending' rows whose claim expired belong to a process that died mid-attempt), and a
 * process takes it with one conditional UPDATE, so of any number of processes only the one
 * whose UPDATE changed the row sends it.
 */

/** The outbox tables: each has `id`, `status`, `attempts` and `next_attempt_at`. */
export type OutboxTable = 'lead_notifications' | 'webhook_deliveries' | 'cdn_purges';

export interface OutboxQueries<Row> {
  /** Ids of the rows due at `now`, at most `limit`, in the outbox's order. */
  dueIds(db: Db, now: number, limit: number): Promise<number[]>;
  /**
   * Takes a due row for this process: 'sending', one more attempt, a lease until
   * `now + leaseMs`. The row when this call won it; null when another process did (its
   * UPDATE changed nothing).
   */
  claim(db: Db, id: number, now: number, leaseMs: number): Promise<Row | null>;
  /** When the next row falls due (pending, or a claim that will expire), or null when none waits. */
  nextDueAt(db: Db): Promise<number | null>;
}

/**
 * The queries of one outbox table. `order` is the order due rows are taken in: webhooks by
 * `id`, so a healthy receiver gets events in the order they happened; e-mail by
 * `next_attempt_at`, the longest-waiting first.
 *
 * @example
 * const deliveries = outboxQueries('webhook_deliveries', 'id');
 * const row = await deliveries.claim(db, id, Date.now(), 60_000);
 */
export function outboxQueries<T extends OutboxTable>(table: T, order: 'id' | 'next_attempt_at'): OutboxQueries<Selectable<Database[T]>> {
  // The tables have the same columns for these queries; Kysely types a table name that is a
  // type parameter only loosely, so the queries are written against the union of them.
  const from: OutboxTable = table;
  return {
    async dueIds(db, now, limit) {
      const rows = await db
        .selectFrom(from)
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .where('next_attempt_at', '<=', now)
        .orderBy(order)
        .limit(limit)
        .execute();
      return rows.map((row) => Number(row.id));
    },

    async claim(db, id, now, leaseMs) {
      const result = await db
        .updateTable(from)
        .set({ status: 'sending', attempts: sql<number>`attempts + 1`, next_attempt_at: now + leaseMs })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'sending'])
        .where('next_attempt_at', '<=', now)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return null;
      const row = await db.selectFrom(from).selectAll().where('id', '=', id).executeTakeFirst();
      return (row as Selectable<Database[T]> | undefined) ?? null;
    },

    async nextDueAt(db) {
      const row = await db
        .selectFrom(from)
        .select((eb) => eb.fn.min('next_attempt_at').as('at'))
        .where('status', 'in', ['pending', 'sending'])
        .executeTakeFirst();
      return row?.at === null || row?.at === undefined ? null : Number(row.at);
    },
  };
}
