import type { LeadKind } from '@domain/leads/types.ts';
import { type ExpressionBuilder, type Kysely, type Transaction, sql } from 'kysely';
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

/**
 * What the notifier writes on a row whose lead it cannot find: the lead is in the trash (or
 * deleted forever, and then the row goes with it). The text is matched by requeueHeldNotification,
 * so it stays as it always was: rows held before restores re-queued them are sent too.
 */
export const LEAD_GONE_ERROR = 'The lead no longer exists.';

/** The lead of this kind and id is live (not in the trash). */
function leadIsLive(kind: LeadKind, leadId: number) {
  return (eb: ExpressionBuilder<Database, 'lead_notifications'>) =>
    eb.exists(
      kind === 'contact'
        ? eb.selectFrom('contact_messages').select('id').where('id', '=', leadId).where('deleted_at', 'is', null)
        : eb.selectFrom('demo_requests').select('id').where('id', '=', leadId).where('deleted_at', 'is', null),
    );
}

/**
 * The notifier claimed `row` and found no live lead: the e-mail is held ('failed', LEAD_GONE_ERROR)
 * until a restore re-queues it. A restore that committed between the notifier's look and this
 * found the row still 'sending' and left it, so the row is re-queued here when the lead is live
 * again; both re-queues take only a held row, so the e-mail is queued once.
 */
export async function markLeadGone(db: Db, row: Pick<LeadNotificationRow, 'id' | 'kind' | 'lead_id'>, now: number): Promise<void> {
  await db.updateTable('lead_notifications').set({ status: 'failed', last_error: LEAD_GONE_ERROR }).where('id', '=', row.id).where('status', '=', 'sending').execute();
  await requeueHeldNotification(db, row.kind, Number(row.lead_id), now);
}

/**
 * A lead's e-mail held while it was in the trash ('failed' with LEAD_GONE_ERROR, never sent),
 * queued again, due at `now`, when the lead is live; the claim of the attempt that found it
 * gone is given back. True when a row was re-queued.
 */
export async function requeueHeldNotification(db: DbOrTransaction, kind: LeadKind, leadId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('lead_notifications')
    .set({
      status: 'pending',
      next_attempt_at: now,
      last_error: null,
      attempts: sql<number>`case when attempts > 0 then attempts - 1 else 0 end`,
    })
    .where('kind', '=', kind)
    .where('lead_id', '=', leadId)
    .where('status', '=', 'failed')
    .where('last_error', '=', LEAD_GONE_ERROR)
    .where('sent_at', 'is', null)
    .where(leadIsLive(kind, leadId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Takes the row lock of a lead's e-mail row for the caller's transaction (an UPDATE that
 * changes nothing; SQLite's transactions hold the whole database anyway). A restore takes it
 * first, so on PostgreSQL the notifier's markLeadGone either committed before (the restore
 * re-queues the held row) or waits for the restore's commit (and then finds the lead live).
 */
export async function lockNotification(trx: DbOrTransaction, kind: LeadKind, leadId: number): Promise<void> {
  await trx
    .updateTable('lead_notifications')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('kind', '=', kind)
    .where('lead_id', '=', leadId)
    .execute();
}
