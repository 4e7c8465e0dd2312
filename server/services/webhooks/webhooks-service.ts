import {
  WEBHOOK_ROTATION_OVERLAP_MS,
  type WebhookAttempt,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@domain/webhooks.ts';
import type { WebhookEndpointValues } from '@domain/webhooks-schema.ts';
import type { Db } from '../../db/connection.ts';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from '../../db/tables/webhooks.ts';
import type { Logger } from '../../logger.ts';
import { type AuditActor, recordAudit, resolveActor } from '../audit/audit-log.ts';
import { type WebhookEvent, enqueueWebhooks, insertDelivery, parseEvents, testEvent } from './outbox.ts';
import { WebhookSender } from './sender.ts';
import { newSecret, secretHint } from './signature.ts';
import { webhookUrlProblem } from './url-check.ts';

export interface WebhooksOptions {
  /** WEBHOOK_ALLOW_HOSTS: `host:port` pairs that may be inside addresses. */
  allowHosts: readonly string[];
}

/** What an edit came to; `conflict` when If-Match named an older version. */
export type EndpointEdit =
  | { kind: 'saved'; endpoint: WebhookEndpoint }
  | { kind: 'not-found' }
  | { kind: 'conflict'; current: WebhookEndpoint };

/** A refusal of the URL: the API's 400 on the `url` field. */
export class WebhookUrlRefusal extends Error {
  override name = 'WebhookUrlRefusal';
}

const iso = (ms: number | string | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

/**
 * Deliveries that count as failing for the badge and the list: failed, or retrying after a
 * failed attempt, not dismissed, and whose message no Replay has delivered since.
 */
function failingCount(db: Db) {
  return db
    .selectFrom('webhook_deliveries as d')
    .select(['d.endpoint_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('d.dismissed_at', 'is', null)
    .where((eb) =>
      eb.and([
        eb.or([eb('d.status', '=', 'failed'), eb.and([eb('d.status', 'in', ['pending', 'sending']), eb('d.attempts', '>', 0)])]),
        eb.not(
          eb.exists(
            eb
              .selectFrom('webhook_deliveries as later')
              .select('later.id')
              .whereRef('later.endpoint_id', '=', 'd.endpoint_id')
              .whereRef('later.message_id', '=', 'd.message_id')
              .where('later.status', '=', 'delivered'),
          ),
        ),
      ]),
    )
    .groupBy('d.endpoint_id');
}

function toEndpoint(row: WebhookEndpointRow, failing: number, now = Date.now()): WebhookEndpoint {
  const until = row.previous_secret_until === null ? null : Number(row.previous_secret_until);
  return {
    id: Number(row.id),
    url: row.url,
    description: row.description,
    events: parseEvents(row.events),
    enabled: Boolean(Number(row.enabled)),
    disabledReason: row.disabled_reason,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
    version: Number(row.version),
    secretHint: secretHint(row.secret),
    rotatingUntil: until !== null && until > now && row.previous_secret ? new Date(until).toISOString() : null,
    failing,
  };
}

function toAttempt(row: WebhookAttemptRow): WebhookAttempt {
  return {
    id: Number(row.id),
    at: new Date(Number(row.at)).toISOString(),
    durationMs: Number(row.duration_ms),
    httpStatus: row.http_status === null ? null : Number(row.http_status),
    error: row.error,
    responseExcerpt: row.response_excerpt,
  };
}

function toDelivery(row: WebhookDeliveryRow, last: WebhookAttemptRow | undefined): WebhookDelivery {
  const lastAttempt = last ? (({ id: _id, ...rest }) => rest)(toAttempt(last)) : null;
  return {
    id: Number(row.id),
    endpointId: Number(row.endpoint_id),
    messageId: row.message_id,
    eventType: row.event_type,
    leadKind: row.lead_kind,
    leadId: row.lead_id === null ? null : Number(row.lead_id),
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: row.status === 'pending' || row.status === 'sending' ? iso(row.next_attempt_at) : null,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    deliveredAt: iso(row.delivered_at),
    lastAttempt,
    dismissedAt: iso(row.dismissed_at),
  };
}

/** What the audit log keeps of an endpoint: never its secret. */
function auditFields(endpoint: WebhookEndpoint) {
  return { url: endpoint.url, description: endpoint.description, events: endpoint.events, enabled: endpoint.enabled };
}

/**
 * Webhook endpoints, their deliveries and the sender (docs/leads.md#webhooks). Every admin
 * write runs in one transaction with its audit row.
 */
export class WebhooksService {
  readonly sender: WebhookSender;

  constructor(
    private readonly db: Db,
    logger: Logger,
    private readonly options: WebhooksOptions,
  ) {
    this.sender = new WebhookSender(db, logger, options.allowHosts);
  }

  start(): void {
    this.sender.start();
  }

  async stop(): Promise<void> {
    await this.sender.stop();
  }

  /** Queues an event in the caller's transaction (outbox.ts); call `wake()` after the commit. */
  enqueue(trx: Db, event: WebhookEvent): Promise<number[]> {
    return enqueueWebhooks(trx, event);
  }

  wake(): void {
    this.sender.wake();
  }

  /** Throws WebhookUrlRefusal when the URL may not be saved. */
  checkUrl(url: string): void {
    const problem = webhookUrlProblem(url, this.options.allowHosts);
    if (problem) throw new WebhookUrlRefusal(problem);
  }

  async list(): Promise<WebhookEndpoint[]> {
    const [rows, failing] = await Promise.all([
      this.db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute(),
      failingCount(this.db).execute(),
    ]);
    const counts = new Map(failing.map((row) => [Number(row.endpoint_id), Number(row.count)]));
    return rows.map((row) => toEndpoint(row, counts.get(Number(row.id)) ?? 0));
  }

  async find(id: number, db: Db = this.db): Promise<WebhookEndpoint | null> {
    const row = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const failing = await failingCount(db).where('d.endpoint_id', '=', id).executeTakeFirst();
    return toEndpoint(row, Number(failing?.count ?? 0));
  }

  async create(input: WebhookEndpointValues, actor: AuditActor): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    this.checkUrl(input.url);
    const who = await resolveActor(this.db, actor);
    const secret = newSecret();
    const now = Date.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('webhook_endpoints')
        .values({
          url: input.url,
          description: input.description,
          events: JSON.stringify(input.events),
          enabled: input.enabled ? 1 : 0,
          secret,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const endpoint = toEndpoint(row, 0, now);
      await recordAudit(trx, { actor: who, action: 'webhook.create', kind: 'webhook', entityId: endpoint.id, summary: endpoint.url, after: auditFields(endpoint), at: now });
      return { endpoint, secret };
    });
  }

  async update(id: number, input: WebhookEndpointValues, actor: AuditActor, expectedVersion?: number): Promise<EndpointEdit> {
    this.checkUrl(input.url);
    const who = await resolveActor(this.db, actor);
    const now = Date.now();
    return this.db.transaction().execute(async (trx): Promise<EndpointEdit> => {
      const before = await this.find(id, trx);
      if (!before) return { kind: 'not-found' };
      if (expectedVersion !== undefined && before.version !== expectedVersion) return { kind: 'conflict', current: before };
      const result = await trx
        .updateTable('webhook_endpoints')
        .set((eb) => ({
          url: input.url,
          description: input.description,
          events: JSON.stringify(input.events),
          enabled: input.enabled ? 1 : 0,
          // Turning an endpoint back on clears why it was turned off.
          ...(input.enabled ? { disabled_reason: null } : {}),
          updated_at: now,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('version', '=', before.version)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) {
        const current = await this.find(id, trx);
        return current ? { kind: 'conflict', current } : { kind: 'not-found' };
      }
      const endpoint = (await this.find(id, trx)) as WebhookEndpoint;
      await recordAudit(trx, { actor: who, action: 'webhook.update', kind: 'webhook', entityId: id, summary: endpoint.url, before: auditFields(before), after: auditFields(endpoint), at: now });
      return { kind: 'saved', endpoint };
    });
  }

  /** Deletes an endpoint with its deliveries and their attempts; false when there is none. */
  async remove(id: number, actor: AuditActor): Promise<boolean> {
    const who = await resolveActor(this.db, actor);
    return this.db.transaction().execute(async (trx) => {
      const before = await this.find(id, trx);
      if (!before) return false;
      const deliveries = trx.selectFrom('webhook_deliveries').select('id').where('endpoint_id', '=', id);
      await trx.deleteFrom('webhook_attempts').where('delivery_id', 'in', deliveries).execute();
      await trx.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
      await trx.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
      await recordAudit(trx, { actor: who, action: 'webhook.delete', kind: 'webhook', entityId: id, summary: before.url, before: auditFields(before) });
      return true;
    });
  }

  /** A new secret; the one it replaces keeps signing for 24 hours. Null when there is no such endpoint. */
  async rotate(id: number, actor: AuditActor, now = Date.now()): Promise<{ endpoint: WebhookEndpoint; secret: string } | null> {
    const who = await resolveActor(this.db, actor);
    const secret = newSecret();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      await trx
        .updateTable('webhook_endpoints')
        .set((eb) => ({
          secret,
          previous_secret: row.secret,
          previous_secret_until: now + WEBHOOK_ROTATION_OVERLAP_MS,
          updated_at: now,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
      const endpoint = (await this.find(id, trx)) as WebhookEndpoint;
      await recordAudit(trx, {
        actor: who,
        action: 'webhook.rotate',
        kind: 'webhook',
        entityId: id,
        summary: endpoint.url,
        after: { rotatingUntil: new Date(now + WEBHOOK_ROTATION_OVERLAP_MS).toISOString() },
        at: now,
      });
      return { endpoint, secret };
    });
  }

  /** Queues a webhook.test event to one endpoint (enabled or not: the admin asked for it). */
  async sendTest(id: number, actor: AuditActor): Promise<WebhookDelivery | null> {
    const who = await resolveActor(this.db, actor);
    const now = Date.now();
    const delivery = await this.db.transaction().execute(async (trx) => {
      const endpoint = await this.find(id, trx);
      if (!endpoint) return null;
      const deliveryId = await insertDelivery(trx, id, testEvent(id, now), now);
      await recordAudit(trx, { actor: who, action: 'webhook.test', kind: 'webhook', entityId: id, summary: endpoint.url, after: { deliveryId }, at: now });
      return this.delivery(deliveryId, trx);
    });
    this.wake();
    return delivery;
  }

  /** A new delivery of the same message (same webhook-id and body) to the same endpoint. */
  async replay(deliveryId: number, actor: AuditActor): Promise<WebhookDelivery | null> {
    const who = await resolveActor(this.db, actor);
    const now = Date.now();
    const delivery = await this.db.transaction().execute(async (trx) => {
      const original = await trx.selectFrom('webhook_deliveries').selectAll().where('id', '=', deliveryId).executeTakeFirst();
      if (!original) return null;
      const endpoint = await this.find(Number(original.endpoint_id), trx);
      const id = await insertDelivery(
        trx,
        Number(original.endpoint_id),
        {
          type: original.event_type as WebhookEventType,
          messageId: original.message_id,
          leadKind: original.lead_kind,
          leadId: original.lead_id === null ? null : Number(original.lead_id),
          payload: original.payload,
        },
        now,
      );
      await recordAudit(trx, {
        actor: who,
        action: 'webhook.replay',
        kind: 'webhook',
        entityId: Number(original.endpoint_id),
        summary: `${original.message_id} to ${endpoint?.url ?? 'an endpoint'}`,
        after: { deliveryId: id, replayOf: deliveryId },
        at: now,
      });
      return this.delivery(id, trx);
    });
    this.wake();
    return delivery;
  }

  /** Hides a failing delivery from the badge; false when there is no such delivery. */
  async dismiss(deliveryId: number, actor: AuditActor): Promise<boolean> {
    const who = await resolveActor(this.db, actor);
    const now = Date.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('webhook_deliveries').select(['id', 'endpoint_id', 'message_id', 'dismissed_at']).where('id', '=', deliveryId).executeTakeFirst();
      if (!row) return false;
      if (row.dismissed_at !== null) return true;
      await trx.updateTable('webhook_deliveries').set({ dismissed_at: now, dismissed_by: who.username }).where('id', '=', deliveryId).execute();
      await recordAudit(trx, { actor: who, action: 'webhook.dismiss', kind: 'webhook', entityId: Number(row.endpoint_id), summary: row.message_id, after: { deliveryId }, at: now });
      return true;
    });
  }

  async delivery(id: number, db: Db = this.db): Promise<WebhookDelivery | null> {
    const row = await db.selectFrom('webhook_deliveries').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    const last = await db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', id).orderBy('id', 'desc').limit(1).executeTakeFirst();
    return toDelivery(row, last);
  }

  /** One page of an endpoint's deliveries, newest first; null when there is no such endpoint. */
  async deliveries(endpointId: number, page: number, pageSize: number): Promise<WebhookDeliveryPage | null> {
    const endpoint = await this.db.selectFrom('webhook_endpoints').select('id').where('id', '=', endpointId).executeTakeFirst();
    if (!endpoint) return null;
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('endpoint_id', '=', endpointId)
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('count')).where('endpoint_id', '=', endpointId).executeTakeFirst(),
    ]);
    const ids = rows.map((row) => Number(row.id));
    const attempts = ids.length
      ? await this.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', 'in', ids).orderBy('id').execute()
      : [];
    const last = new Map(attempts.map((attempt) => [Number(attempt.delivery_id), attempt]));
    return { items: rows.map((row) => toDelivery(row, last.get(Number(row.id)))), total: Number(count?.count ?? 0), page, pageSize };
  }

  /** Every attempt of one delivery, oldest first; null when there is no such delivery. */
  async attempts(deliveryId: number): Promise<WebhookAttempt[] | null> {
    const delivery = await this.db.selectFrom('webhook_deliveries').select('id').where('id', '=', deliveryId).executeTakeFirst();
    if (!delivery) return null;
    const rows = await this.db.selectFrom('webhook_attempts').selectAll().where('delivery_id', '=', deliveryId).orderBy('id').execute();
    return rows.map(toAttempt);
  }
}
