import type { LeadKind } from '@domain/leads/types.ts';
import type { WebhookDeliveryStatus, WebhookEventType } from '@domain/webhooks.ts';
import type { Generated, Selectable } from 'kysely';

/** An endpoint an admin configured (docs/leads.md#webhooks). Times are epoch ms. */
export interface WebhookEndpointTable {
  id: Generated<number>;
  url: string;
  description: Generated<string>;
  /** JSON array of subscribed event types. */
  events: string;
  /** 1 or 0. */
  enabled: Generated<number>;
  /** `whsec_` + base64 of 24 random bytes. */
  secret: string;
  /** The secret before the last rotation, still signing until previous_secret_until. */
  previous_secret: Generated<string | null>;
  previous_secret_until: Generated<number | null>;
  disabled_reason: Generated<string | null>;
  created_at: number;
  updated_at: number;
  version: Generated<number>;
}

/** The delivery outbox: one row per endpoint and event (a Replay adds another with the same message id). */
export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  /** The `webhook-id` header. */
  message_id: string;
  event_type: WebhookEventType;
  lead_kind: LeadKind | null;
  lead_id: number | null;
  /** The JSON body exactly as it is signed and sent. */
  payload: string;
  status: Generated<WebhookDeliveryStatus>;
  attempts: Generated<number>;
  /** When a pending row is due, or when a 'sending' claim expires; null once delivered or failed. */
  next_attempt_at: number | null;
  created_at: number;
  delivered_at: Generated<number | null>;
  dismissed_at: Generated<number | null>;
  dismissed_by: Generated<string | null>;
}

export interface WebhookAttemptTable {
  id: Generated<number>;
  delivery_id: number;
  at: number;
  duration_ms: number;
  http_status: number | null;
  error: string | null;
  response_excerpt: string | null;
}

export type WebhookEndpointRow = Selectable<WebhookEndpointTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
export type WebhookAttemptRow = Selectable<WebhookAttemptTable>;

export interface WebhookTables {
  webhook_endpoints: WebhookEndpointTable;
  webhook_deliveries: WebhookDeliveryTable;
  webhook_attempts: WebhookAttemptTable;
}
