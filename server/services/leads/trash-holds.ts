import type { LeadKind } from '@domain/leads/types.ts';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { lockNotification, requeueHeldNotification } from './outbox.ts';

/**
 * What the trash does to a lead's notifications (docs/trash-and-audit.md, "A lead's e-mail and
 * webhooks"): nothing already sent is sent again, and nothing is sent while the lead is in the
 * trash. Each function runs in the trash's or the restore's own transaction.
 *
 * - The e-mail to sales: the notifier, finding the lead gone, holds its row ('failed', "The lead
 *   no longer exists.", never sent); a restore queues it again (./outbox.ts).
 * - Webhook deliveries not yet attempted or waiting for a retry ('pending') are held when the
 *   lead goes to the trash: `next_attempt_at` null, which no sender's due query takes. A
 *   restore makes them due again, the same rows, so a receiver gets the original message
 *   (`webhook-id` and body) once. One in flight at that moment finishes its attempt.
 */

type DbOrTransaction = Kysely<Database> | Transaction<Database>;

/** Holds the lead's pending webhook deliveries while it is in the trash; how many. */
export async function holdLeadDeliveries(trx: DbOrTransaction, kind: LeadKind, leadId: number): Promise<number> {
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: null })
    .where('lead_kind', '=', kind)
    .where('lead_id', '=', leadId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * For a lead just restored in `trx`: its held e-mail queued again and its held webhook
 * deliveries due again, at `now`. What was sent stays sent; a second restore finds nothing held.
 */
export async function requeueLeadNotifications(trx: DbOrTransaction, kind: LeadKind, leadId: number, now: number): Promise<{ email: boolean; webhooks: number }> {
  await lockNotification(trx, kind, leadId);
  const email = await requeueHeldNotification(trx, kind, leadId, now);
  const result = await trx
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: now })
    .where('lead_kind', '=', kind)
    .where('lead_id', '=', leadId)
    .where('status', '=', 'pending')
    .where('next_attempt_at', 'is', null)
    .executeTakeFirst();
  return { email, webhooks: Number(result.numUpdatedRows) };
}

/** A lead deleted forever: its held webhook deliveries, never sent, go with it (their attempts first). */
export async function deleteHeldDeliveries(trx: DbOrTransaction, kind: LeadKind, leadId: number): Promise<void> {
  const held = (eb: DbOrTransaction) =>
    eb
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('lead_kind', '=', kind)
      .where('lead_id', '=', leadId)
      .where('status', '=', 'pending')
      .where('next_attempt_at', 'is', null);
  await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', held(trx)).execute();
  await trx.deleteFrom('webhook_deliveries').where('id', 'in', held(trx)).execute();
}
