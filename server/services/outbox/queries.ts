import { type Selectable, type Updateable, sql } from 'kysely';
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

/** A due row: its id and its lane (webhooks: the endpoint; 0 for an outbox without lanes). */
export interface DueRow {
  id: number;
  lane: number;
}

/** What the runner reads of every outbox row. */
export interface OutboxRow {
  id: number;
  status: string;
  attempts: number;
}

/** How an attempt ended, as written to its row: a status other than 'sending', and any other columns. */
export type OutboxOutcome<Row> = Row extends { status: infer Status }
  ? Partial<Omit<Row, 'id' | 'status'>> & { status: Exclude<Status, 'sending'> }
  : never;

export interface OutboxQueries<Row> {
  /**
   * The rows due at `now`, at most `limit`, in the outbox's order, leaving out the rows of
   * `busyLanes` (lanes this process is already sending on: their rows wait for that lane).
   */
  dueRows(db: Db, now: number, limit: number, busyLanes: readonly number[]): Promise<DueRow[]>;
  /**
   * Takes a due row for this process: 'sending', one more attempt, a lease until
   * `now + leaseMs`. The row when this call won it; null when another process did (its
   * UPDATE changed nothing).
   */
  claim(db: Db, id: number, now: number, leaseMs: number): Promise<Row | null>;
  /** When the next row outside `busyLanes` falls due (pending, or a claim that will expire), or null when none waits. */
  nextDueAt(db: Db, busyLanes: readonly number[]): Promise<number | null>;
  /**
   * Writes an attempt's outcome on the row `claimed`, only while the claim is still this
   * process's (still 'sending', the attempt count it claimed): once the lease ran out and
   * another process took the row, that process's outcome is the one kept.
   */
  finish(db: Db, claimed: Pick<OutboxRow, 'id' | 'attempts'>, outcome: OutboxOutcome<Row>): Promise<void>;
}

/**
 * The queries of one outbox table. `order` is the order due rows are taken in: webhooks by
 * `id`, so a healthy receiver gets events in the order they happened; e-mail by
 * `next_attempt_at`, the longest-waiting first. `laneColumn` splits the outbox into lanes
 * that are sent on side by side (OutboxRunner): webhooks one per endpoint. Without it the
 * whole outbox is one lane, 0.
 *
 * @example
 * const deliveries = outboxQueries('webhook_deliveries', 'id', 'endpoint_id');
 * const row = await deliveries.claim(db, id, Date.now(), 60_000);
 */
export function outboxQueries<T extends OutboxTable>(table: T, order: 'id' | 'next_attempt_at', laneColumn: 'endpoint_id' | null = null): OutboxQueries<Selectable<Database[T]>> {
  // The tables have the same columns for these queries; Kysely types a table name that is a
  // type parameter only loosely, so the queries are written against the union of them.
  const from: OutboxTable = table;
  const lane = laneColumn === null ? sql<number>`0` : sql<number>`${sql.ref(laneColumn)}`;
  /** The rows that wait (pending, or claimed: due once the claim expires), outside the busy lanes. */
  const waiting = (db: Db, busyLanes: readonly number[]) => {
    const query = db.selectFrom(from).where('status', 'in', ['pending', 'sending']);
    return laneColumn !== null && busyLanes.length > 0 ? query.where(sql.ref(laneColumn), 'not in', busyLanes) : query;
  };
  return {
    async dueRows(db, now, limit, busyLanes) {
      // One lane only, and this process is sending on it: its rows wait.
      if (laneColumn === null && busyLanes.length > 0) return [];
      const rows = await waiting(db, busyLanes)
        .select(['id', lane.as('lane')])
        .where('next_attempt_at', '<=', now)
        .orderBy(order)
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: Number(row.id), lane: Number(row.lane) }));
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

    async nextDueAt(db, busyLanes) {
      if (laneColumn === null && busyLanes.length > 0) return null;
      const row = await waiting(db, busyLanes)
        .select((eb) => eb.fn.min('next_attempt_at').as('at'))
        .executeTakeFirst();
      return row?.at === null || row?.at === undefined ? null : Number(row.at);
    },

    async finish(db, claimed, outcome) {
      await db
        .updateTable(from)
        .set(outcome as Updateable<Database[OutboxTable]>)
        .where('id', '=', claimed.id)
        .where('status', '=', 'sending')
        .where('attempts', '=', claimed.attempts)
        .execute();
    },
  };
}
