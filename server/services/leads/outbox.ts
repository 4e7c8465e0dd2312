import type { LeadKind } from '@domain/leads/types.ts';
import { type Kysely, type Transaction, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { LeadNotificationRow } from '../../db/tables/leads.ts';
import { outboxQueries } from '../outbox/queries.ts';

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

/** The due / claim queries both outboxes share (../outbox/queries.ts); the longest-waiting row first. */
export const notificationQueries = outboxQueries('lead_notifications', 'next_attempt_at');

/** Takes a due row for this process; the row when this call won it, null when another process did. */
export const claimNotification = notificationQueries.claim;

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
