import type { LeadKind } from '@domain/leads/types.ts';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { LeadNotificationRow } from '../../db/tables/leads.ts';

/**
 * The notification outbox (docs/decisions/007-lead-capture.md). A row is written in the
 * same transaction as its lead, so a lead never exists without its notification and vice
 * versa. Senders in any number of processes claim due rows with one conditional UPDATE:
 * only the process whose UPDATE changed the row sends it.
 */

type DbOrTransaction = Kysely<Database> | Transaction<Database>;

export async function enqueueNotification(
  db: DbOrTransaction,
  kind: LeadKind,
  leadId: number,
  now: number,
): Promise<void> {
  await db
    .insertInto('lead_notifications')
    .values({ kind, lead_id: leadId, next_attempt_at: now, last_error: null, created_at: now, sent_at: null })
    .execute();
}

/**
 * Ids of rows that are due: pending ones whose time has come, and 'sending' ones whose
 * claim expired (the process that claimed them died mid-send).
 */
export async function dueNotificationIds(db: Db, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('lead_notifications')
    .select('id')
    .where('status', 'in', ['pending', 'sending'])
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

/**
 * Takes a due row for this process: status 'sending', one more attempt, and a lease until
 * `now + leaseMs`. Returns the row when this call won it, null when another process did.
 */
export async function claimNotification(
  db: Db,
  id: number,
  now: number,
  leaseMs: number,
): Promise<LeadNotificationRow | null> {
  const result = await db
    .updateTable('lead_notifications')
    .set({ status: 'sending', attempts: sql<number>`attempts + 1`, next_attempt_at: now + leaseMs })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'sending'])
    .where('next_attempt_at', '<=', now)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return null;
  const row = await db.selectFrom('lead_notifications').selectAll().where('id', '=', id).executeTakeFirst();
  return row ?? null;
}

export async function markNotificationSent(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('lead_notifications')
    .set({ status: 'sent', sent_at: now, last_error: null })
    .where('id', '=', id)
    .execute();
}

/** After a failed attempt: try again at `retryAt`, or give up ('failed') when it is null. */
export async function markNotificationFailedAttempt(
  db: Db,
  id: number,
  error: string,
  retryAt: number | null,
): Promise<void> {
  await db
    .updateTable('lead_notifications')
    .set({
      status: retryAt === null ? 'failed' : 'pending',
      next_attempt_at: retryAt ?? sql<number>`next_attempt_at`,
      last_error: error.slice(0, 1000),
    })
    .where('id', '=', id)
    .execute();
}

export async function findNotification(db: Db, kind: LeadKind, leadId: number): Promise<LeadNotificationRow | null> {
  const row = await db
    .selectFrom('lead_notifications')
    .selectAll()
    .where('kind', '=', kind)
    .where('lead_id', '=', leadId)
    .executeTakeFirst();
  return row ?? null;
}
