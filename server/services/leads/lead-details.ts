import type {
  EmailNotificationState,
  FailingNotification,
  InboxLead,
  LeadKind,
  LeadNotifications,
  LeadStatus,
  LeadStatusChange,
  NotificationChannel,
  WebhookNotificationState,
} from '@domain/leads/types.ts';
import { type ExpressionBuilder, type Kysely, type Transaction, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import type { LeadNotificationRow } from '../../db/tables/leads.ts';

/**
 * What the inbox shows beside each lead (docs/leads.md, "The inbox"): its status history and
 * what became of its notifications, the e-mail to sales and the webhook deliveries; and the
 * failing deliveries behind the badge, with their Dismiss.
 */

type DbOrTransaction = Kysely<Database> | Transaction<Database>;

const iso = (ms: number | string | null | undefined) => (ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString());

export async function recordStatusChange(
  trx: DbOrTransaction,
  change: { kind: LeadKind; leadId: number; status: LeadStatus; previousStatus: LeadStatus; at: number; adminName: string },
): Promise<number> {
  const row = await trx
    .insertInto('lead_status_changes')
    .values({
      lead_kind: change.kind,
      lead_id: change.leadId,
      status: change.status,
      previous_status: change.previousStatus,
      at: change.at,
      admin_name: change.adminName,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Who changed it last and when, for each of these leads (the CSV's `status changed`, `changed by`). */
export async function statusHistories(db: DbOrTransaction, kind: LeadKind, ids: number[]): Promise<Map<number, LeadStatusChange[]>> {
  const histories = new Map<number, LeadStatusChange[]>(ids.map((id) => [id, []]));
  for (const chunk of chunks(ids)) {
    const rows = await db
      .selectFrom('lead_status_changes')
      .selectAll()
      .where('lead_kind', '=', kind)
      .where('lead_id', 'in', chunk)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const row of rows) {
      histories.get(Number(row.lead_id))?.push({ status: row.status, previousStatus: row.previous_status, at: iso(row.at) ?? '', by: row.admin_name });
    }
  }
  return histories;
}

/** A list of ids in slices small enough for any `in (…)` (PostgreSQL and SQLite both cap parameters). */
function chunks(ids: number[], size = 500): number[][] {
  const out: number[][] = [];
  for (let index = 0; index < ids.length; index += size) out.push(ids.slice(index, index + size));
  return out;
}

function emailState(row: Pick<LeadNotificationRow, 'status' | 'last_error'> | undefined): EmailNotificationState {
  if (!row) return 'none';
  if (row.status === 'sent') return 'sent';
  if (row.status === 'failed') return 'failed';
  return row.last_error ? 'failing' : 'pending';
}

const answered2xx = (httpStatus: number | null) => httpStatus !== null && httpStatus >= 200 && httpStatus < 300;

/**
 * A delivery still to be sent is failing when its last attempt on record failed. Its first
 * attempt in flight (claimed, attempts already 1) has no record yet, and a successful one is
 * recorded a moment before the delivery is marked delivered: both are still pending.
 */
function webhookState(status: string, lastAttempt: { http_status: number | null } | undefined): WebhookNotificationState {
  if (status === 'delivered') return 'delivered';
  if (status === 'failed') return 'failed';
  return lastAttempt && !answered2xx(lastAttempt.http_status) ? 'failing' : 'pending';
}

/** An attempt's failure in words: its error, or the receiver's HTTP status. */
function attemptError(attempt: { http_status: number | null; error: string | null } | undefined): string | null {
  if (!attempt) return null;
  if (attempt.error) return attempt.error;
  return attempt.http_status === null ? null : `The receiver answered HTTP ${attempt.http_status}.`;
}

/** The last attempt of each of these deliveries. */
async function lastAttempts(db: DbOrTransaction, deliveryIds: number[]) {
  const last = new Map<number, { http_status: number | null; error: string | null }>();
  for (const chunk of chunks(deliveryIds)) {
    const rows = await db
      .selectFrom('webhook_attempts')
      .select(['delivery_id', 'http_status', 'error', 'at', 'id'])
      .where('delivery_id', 'in', chunk)
      .orderBy('at', 'asc')
      .orderBy('id', 'asc')
      .execute();
    for (const row of rows) last.set(Number(row.delivery_id), { http_status: row.http_status, error: row.error });
  }
  return last;
}

/** Each lead's e-mail and webhook deliveries. */
export async function leadNotifications(db: DbOrTransaction, kind: LeadKind, ids: number[]): Promise<Map<number, LeadNotifications>> {
  const result = new Map<number, LeadNotifications>();
  for (const id of ids) {
    result.set(id, { email: { id: null, state: 'none', lastError: null, nextAttemptAt: null, attempts: 0, dismissed: false }, webhooks: [] });
  }
  if (ids.length === 0) return result;
  for (const chunk of chunks(ids)) {
    const rows = await db.selectFrom('lead_notifications').selectAll().where('kind', '=', kind).where('lead_id', 'in', chunk).execute();
    for (const row of rows) {
      const state = emailState(row);
      const entry = result.get(Number(row.lead_id));
      if (!entry) continue;
      entry.email = {
        id: Number(row.id),
        state,
        lastError: row.last_error,
        nextAttemptAt: state === 'pending' || state === 'failing' ? iso(row.next_attempt_at) : null,
        attempts: Number(row.attempts),
        dismissed: row.dismissed_at !== null,
      };
    }
  }
  for (const chunk of chunks(ids)) {
    const deliveries = await db
      .selectFrom('webhook_deliveries as d')
      .leftJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select(['d.id', 'd.endpoint_id', 'd.event_type', 'd.lead_id', 'd.status', 'd.attempts', 'd.next_attempt_at', 'd.dismissed_at', 'e.url'])
      .where('d.lead_kind', '=', kind)
      .where('d.lead_id', 'in', chunk)
      .orderBy('d.created_at', 'asc')
      .orderBy('d.id', 'asc')
      .execute();
    const attempts = await lastAttempts(
      db,
      deliveries.map((delivery) => Number(delivery.id)),
    );
    for (const delivery of deliveries) {
      const state = webhookState(delivery.status, attempts.get(Number(delivery.id)));
      result.get(Number(delivery.lead_id))?.webhooks.push({
        id: Number(delivery.id),
        endpointId: Number(delivery.endpoint_id),
        url: delivery.url ?? '',
        eventType: delivery.event_type,
        state,
        lastError: state === 'delivered' ? null : attemptError(attempts.get(Number(delivery.id))),
        nextAttemptAt: state === 'pending' || state === 'failing' ? iso(delivery.next_attempt_at) : null,
        dismissed: delivery.dismissed_at !== null,
      });
    }
  }
  return result;
}

/** The leads with their status history and notifications. */
export async function withInboxDetails<T extends { id: number }>(db: DbOrTransaction, kind: LeadKind, leads: T[]): Promise<Array<InboxLead<T>>> {
  const ids = leads.map((lead) => lead.id);
  const [histories, notifications] = await Promise.all([statusHistories(db, kind, ids), leadNotifications(db, kind, ids)]);
  return leads.map((lead) => ({
    ...lead,
    statusHistory: histories.get(lead.id) ?? [],
    notifications: notifications.get(lead.id) ?? {
      email: { id: null, state: 'none', lastError: null, nextAttemptAt: null, attempts: 0, dismissed: false },
      webhooks: [],
    },
  }));
}

/** A live (not trashed) lead of the row's kind and id. */
function liveLead(eb: ExpressionBuilder<Database, 'lead_notifications'>) {
  return eb.or([
    eb.and([eb('kind', '=', 'contact'), eb('lead_id', 'in', eb.selectFrom('contact_messages').select('id').where('deleted_at', 'is', null))]),
    eb.and([eb('kind', '=', 'demo'), eb('lead_id', 'in', eb.selectFrom('demo_requests').select('id').where('deleted_at', 'is', null))]),
  ]);
}

/** E-mails failing (retrying after an error) or failed for good, of live leads, not dismissed. */
function failingEmails(db: DbOrTransaction) {
  return db
    .selectFrom('lead_notifications')
    .selectAll()
    .where('dismissed_at', 'is', null)
    .where((eb) => eb.or([eb('status', '=', 'failed'), eb.and([eb('status', 'in', ['pending', 'sending']), eb('last_error', 'is not', null)])]))
    .where(liveLead);
}

/**
 * Webhook deliveries retrying after a failed attempt or failed for good, not dismissed, about
 * no lead or a live one, and whose message no Replay has since delivered to the same endpoint.
 */
function failingDeliveries(db: DbOrTransaction) {
  return db
    .selectFrom('webhook_deliveries as d')
    .selectAll('d')
    .where('d.dismissed_at', 'is', null)
    // About no lead (a test event) or a live one: a trashed lead's deliveries are off the badge.
    .where((eb) =>
      eb.or([
        eb('d.lead_kind', 'is', null),
        eb.and([eb('d.lead_kind', '=', 'contact'), eb('d.lead_id', 'in', eb.selectFrom('contact_messages').select('id').where('deleted_at', 'is', null))]),
        eb.and([eb('d.lead_kind', '=', 'demo'), eb('d.lead_id', 'in', eb.selectFrom('demo_requests').select('id').where('deleted_at', 'is', null))]),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('d.status', '=', 'failed'),
        eb.and([
          eb('d.status', 'in', ['pending', 'sending']),
          // A failed attempt on record (see webhookState): not the first one still in flight.
          eb.exists(
            eb
              .selectFrom('webhook_attempts as a')
              .select(sql`1`.as('one'))
              .whereRef('a.delivery_id', '=', 'd.id')
              .where((inner) => inner.or([inner('a.http_status', 'is', null), inner('a.http_status', '<', 200), inner('a.http_status', '>=', 300)])),
          ),
        ]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('webhook_deliveries as later')
            .select(sql`1`.as('one'))
            .whereRef('later.message_id', '=', 'd.message_id')
            .whereRef('later.endpoint_id', '=', 'd.endpoint_id')
            .where('later.status', '=', 'delivered'),
        ),
      ),
    );
}

/** Every failing delivery, e-mail and webhook, oldest first (GET /api/admin/notifications/failing). */
export async function listFailing(db: Db): Promise<FailingNotification[]> {
  const emails = await failingEmails(db).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  const items: FailingNotification[] = emails.map((row) => ({
    channel: 'email',
    id: Number(row.id),
    leadKind: row.kind,
    leadId: Number(row.lead_id),
    lastError: row.last_error,
    since: iso(row.created_at) ?? '',
  }));
  const deliveries = await failingDeliveries(db).orderBy('d.created_at', 'asc').orderBy('d.id', 'asc').execute();
  const attempts = await lastAttempts(
    db,
    deliveries.map((delivery) => Number(delivery.id)),
  );
  for (const delivery of deliveries) {
    items.push({
      channel: 'webhook',
      id: Number(delivery.id),
      leadKind: delivery.lead_kind === 'contact' || delivery.lead_kind === 'demo' ? delivery.lead_kind : null,
      leadId: delivery.lead_id === null ? null : Number(delivery.lead_id),
      lastError: attemptError(attempts.get(Number(delivery.id))),
      since: iso(delivery.created_at) ?? '',
    });
  }
  return items.sort((a, b) => a.since.localeCompare(b.since));
}

/** How many deliveries are failing (the badge's number). */
export async function countFailing(db: Db): Promise<number> {
  const emails = await failingEmails(db)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  let total = Number(emails.total);
  const webhooks = await failingDeliveries(db)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  total += Number(webhooks.total);
  return total;
}

/** What a dismissed delivery was about, for the audit row; null when there is no such failing delivery. */
export interface DismissedNotification {
  channel: NotificationChannel;
  id: number;
  leadKind: LeadKind | null;
  leadId: number | null;
}

/**
 * Takes a failing delivery off the badge. Only a failing one that is not dismissed yet:
 * anything else (sent, pending, unknown, dismissed) is null, and the caller answers 404.
 */
export async function dismissFailing(
  trx: DbOrTransaction,
  channel: NotificationChannel,
  id: number,
  adminName: string,
  now: number,
): Promise<DismissedNotification | null> {
  if (channel === 'email') {
    const row = await failingEmails(trx).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    await trx.updateTable('lead_notifications').set({ dismissed_at: now, dismissed_by: adminName }).where('id', '=', id).execute();
    return { channel, id, leadKind: row.kind, leadId: Number(row.lead_id) };
  }
  const row = await failingDeliveries(trx).where('d.id', '=', id).executeTakeFirst();
  if (!row) return null;
  await trx.updateTable('webhook_deliveries').set({ dismissed_at: now, dismissed_by: adminName }).where('id', '=', id).execute();
  return {
    channel,
    id,
    leadKind: row.lead_kind === 'contact' || row.lead_kind === 'demo' ? row.lead_kind : null,
    leadId: row.lead_id === null ? null : Number(row.lead_id),
  };
}
