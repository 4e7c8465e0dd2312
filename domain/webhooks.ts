/**
 * Webhooks (docs/leads.md#webhooks): the events an endpoint can subscribe to, the payload
 * each delivery carries, and the admin API's shapes. Shared by the server, the admin
 * webhooks page and the inbox. Zod-free, so pages can import it; the input schema is in
 * ./webhooks-schema.ts.
 */

import type { LeadKind, LeadStatus } from './leads/types.ts';

/** The events an admin can subscribe an endpoint to (the test event is sent on request only). */
export const WEBHOOK_EVENT_TYPES = ['lead.contact_message.created', 'lead.demo_request.created', 'lead.status_changed'] as const;
export type WebhookSubscribableEvent = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Every event type a delivery can carry: the subscribable ones and Send test event's. */
export type WebhookEventType = WebhookSubscribableEvent | 'webhook.test';

/** How the admin page names each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'lead.contact_message.created': 'Contact message received',
  'lead.demo_request.created': 'Demo request received',
  'lead.status_changed': 'Lead status changed',
  'webhook.test': 'Test event',
};

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The message a 410 leaves on an endpoint it disabled. */
export const WEBHOOK_GONE_REASON = 'The receiver answered 410 Gone.';
/** The 400 (field `url`) for an address inside a network, unless WEBHOOK_ALLOW_HOSTS lists it. */
export const WEBHOOK_PRIVATE_ADDRESS = 'This address is not public. Webhooks go only to public addresses.';
/** How long the previous secret still signs after a rotation. */
export const WEBHOOK_ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 500;

/** A contact message's fields as the payload carries them. */
export interface WebhookContactFields {
  firstName: string;
  lastName: string;
  company: string;
  email: string;
  message: string;
}

export interface WebhookDemoFields {
  name: string;
  phone: string;
  email: string;
  company: string;
  title: string | null;
  notes: string | null;
}

/** `data` of a lead event. */
export type WebhookLeadData = {
  id: number;
  /** ISO 8601: when the lead was stored. */
  receivedAt: string;
  status: LeadStatus;
  /** The lead in the admin inbox: `<SITE_URL>/admin/leads?tab=messages#lead-contact-42`. */
  adminUrl: string;
  /** lead.status_changed only. */
  previousStatus?: LeadStatus;
  /** lead.status_changed only: the admin's name. */
  changedBy?: string;
} & ({ kind: 'contact'; fields: WebhookContactFields } | { kind: 'demo'; fields: WebhookDemoFields });

/** The JSON body of every delivery. */
export type WebhookPayload =
  | { type: Exclude<WebhookEventType, 'webhook.test'>; timestamp: string; data: WebhookLeadData }
  | { type: 'webhook.test'; timestamp: string; data: { message: string; endpointId: number } };

/** An endpoint as the admin API answers it (never its secret). */
export interface WebhookEndpoint {
  id: number;
  url: string;
  description: string;
  events: WebhookSubscribableEvent[];
  enabled: boolean;
  /** Why the server turned it off (a 410), or null. */
  disabledReason: string | null;
  /** ISO 8601. */
  createdAt: string;
  updatedAt: string;
  version: number;
  /** `whsec_…` and the secret's last four characters. */
  secretHint: string;
  /** ISO 8601 until which the previous secret still signs, or null. */
  rotatingUntil: string | null;
  /** Failed or retrying deliveries nobody dismissed. */
  failing: number;
}

/** POST /api/admin/webhooks and PUT /api/admin/webhooks/:id. */
export interface WebhookEndpointInput {
  url: string;
  description?: string;
  events: WebhookSubscribableEvent[];
  enabled?: boolean;
}

/** The answer to creating an endpoint or rotating its secret: the only time the secret is shown. */
export interface WebhookEndpointWithSecret {
  endpoint: WebhookEndpoint;
  secret: string;
}

export interface WebhookAttempt {
  id: number;
  /** ISO 8601. */
  at: string;
  durationMs: number;
  /** Null when no answer came (refused, timed out, unreachable). */
  httpStatus: number | null;
  error: string | null;
  /** The first 1,000 bytes of the answer, as text. */
  responseExcerpt: string | null;
}

export interface WebhookDelivery {
  id: number;
  endpointId: number;
  messageId: string;
  eventType: WebhookEventType;
  leadKind: LeadKind | null;
  leadId: number | null;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** ISO 8601; null once delivered or failed. */
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
  lastAttempt: Omit<WebhookAttempt, 'id'> | null;
  dismissedAt: string | null;
}

export interface WebhookDeliveryPage {
  items: WebhookDelivery[];
  total: number;
  page: number;
  pageSize: number;
}

export const WEBHOOK_DELIVERIES_PAGE_SIZE = 20;
export const WEBHOOK_DELIVERIES_MAX_PAGE_SIZE = 100;
