import crypto from 'node:crypto';
import type { ContactMessage, DemoRequest, LeadKind, LeadStatus } from '@domain/leads/types.ts';
import type { WebhookEventType, WebhookLeadData, WebhookPayload, WebhookSubscribableEvent } from '@domain/webhooks.ts';
import type { Db } from '../../db/connection.ts';
import { findLead } from '../leads/queries.ts';
import { outboxQueries } from '../outbox/queries.ts';

/**
 * The webhook outbox (docs/leads.md#webhooks, docs/decisions/026-webhooks.md): like the
 * e-mail outbox, a delivery row is written in the same transaction as the lead (or its
 * status change), one per enabled endpoint subscribed to the event, so an event is never
 * lost nor sent for a lead that was rolled back. Senders in any number of processes claim
 * due rows with one conditional UPDATE.
 */

/** One event, ready to be queued: its `webhook-id`, what it is about and the JSON body. */
export interface WebhookEvent {
  type: WebhookEventType;
  messageId: string;
  leadKind: LeadKind | null;
  leadId: number | null;
  payload: WebhookPayload;
}

/** The lead's page in the admin inbox: the tab and the row's anchor. */
export function leadAdminUrl(siteUrl: string, kind: LeadKind, id: number): string {
  const tab = kind === 'contact' ? 'messages' : 'demo-requests';
  return `${siteUrl}/admin/leads?tab=${tab}#lead-${kind}-${id}`;
}

function leadData(kind: LeadKind, lead: ContactMessage | DemoRequest, siteUrl: string): WebhookLeadData {
  const common = { id: lead.id, receivedAt: lead.createdAt, status: lead.status, adminUrl: leadAdminUrl(siteUrl, kind, lead.id) };
  if (kind === 'contact') {
    const { firstName, lastName, company, email, message } = lead as ContactMessage;
    return { kind, ...common, fields: { firstName, lastName, company, email, message } };
  }
  const { name, phone, email, company, title, notes } = lead as DemoRequest;
  return { kind: 'demo', ...common, fields: { name, phone, email, company, title, notes } };
}

/** lead.contact_message.created / lead.demo_request.created; `msg_<kind>_<id>`, so a receiver can drop a duplicate. */
export function leadCreatedEvent(kind: LeadKind, lead: ContactMessage | DemoRequest, siteUrl: string, now = Date.now()): WebhookEvent {
  const type = kind === 'contact' ? 'lead.contact_message.created' : 'lead.demo_request.created';
  return {
    type,
    messageId: `msg_${kind}_${lead.id}`,
    leadKind: kind,
    leadId: lead.id,
    payload: { type, timestamp: new Date(now).toISOString(), data: leadData(kind, lead, siteUrl) },
  };
}

/** lead.status_changed: the lead as it is now, its previous status and who changed it. */
export function leadStatusChangedEvent(
  kind: LeadKind,
  lead: ContactMessage | DemoRequest,
  previousStatus: LeadStatus,
  changedBy: string | null,
  siteUrl: string,
  now = Date.now(),
): WebhookEvent {
  const data: WebhookLeadData = { ...leadData(kind, lead, siteUrl), previousStatus, changedBy: changedBy ?? 'unknown' };
  return {
    type: 'lead.status_changed',
    messageId: `msg_status_${crypto.randomUUID()}`,
    leadKind: kind,
    leadId: lead.id,
    payload: { type: 'lead.status_changed', timestamp: new Date(now).toISOString(), data },
  };
}

/** Send test event's event. */
export function testEvent(endpointId: number, now = Date.now()): WebhookEvent {
  return {
    type: 'webhook.test',
    messageId: `msg_test_${crypto.randomUUID()}`,
    leadKind: null,
    leadId: null,
    payload: {
      type: 'webhook.test',
      timestamp: new Date(now).toISOString(),
      data: { message: 'A test event from the VPV Energy website. Your endpoint received it.', endpointId },
    },
  };
}

/** Parses an endpoint's `events` column; a damaged value subscribes to nothing. */
export function parseEvents(text: string): WebhookSubscribableEvent[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item): item is WebhookSubscribableEvent => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Queues `event` for every enabled endpoint subscribed to it, inside the caller's transaction
 * (`trx`), due at once. Returns the new delivery ids (none when no endpoint wants it).
 */
export async function enqueueWebhooks(trx: Db, event: WebhookEvent, now = Date.now()): Promise<number[]> {
  const endpoints = await trx.selectFrom('webhook_endpoints').select(['id', 'events']).where('enabled', '=', 1).orderBy('id').execute();
  const ids: number[] = [];
  for (const endpoint of endpoints) {
    if (!(parseEvents(endpoint.events) as string[]).includes(event.type)) continue;
    ids.push(await insertDelivery(trx, Number(endpoint.id), event, now));
  }
  return ids;
}

/** One delivery row of `event` to one endpoint (a test event, a replay, or enqueueWebhooks' rows). */
export async function insertDelivery(trx: Db, endpointId: number, event: Omit<WebhookEvent, 'payload'> & { payload: WebhookPayload | string }, now: number): Promise<number> {
  const row = await trx
    .insertInto('webhook_deliveries')
    .values({
      endpoint_id: endpointId,
      message_id: event.messageId,
      event_type: event.type,
      lead_kind: event.leadKind,
      lead_id: event.leadId,
      payload: typeof event.payload === 'string' ? event.payload : JSON.stringify(event.payload),
      next_attempt_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The due / claim / next-due queries the outboxes share (../outbox/queries.ts); oldest
 * first, so a healthy receiver gets events in the order they happened, and one lane per
 * endpoint, so endpoints are sent to side by side and never wait for each other.
 */
export const deliveryQueries = outboxQueries('webhook_deliveries', 'id', 'endpoint_id');

/** Queues lead.*.created for a lead just inserted in `trx` (LeadsService's submit methods). */
export async function enqueueLeadCreated(trx: Db, kind: LeadKind, leadId: number, siteUrl: string, now = Date.now()): Promise<number[]> {
  const lead = await findLead(trx, kind, leadId);
  return lead ? enqueueWebhooks(trx, leadCreatedEvent(kind, lead, siteUrl, now), now) : [];
}
