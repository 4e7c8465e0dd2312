/**
 * The webhooks API's shapes as the admin page reads them (docs/admin.md, Webhooks), as JSON
 * (dates are ISO strings).
 */
export const SUBSCRIBABLE_EVENTS = ['lead.contact_message.created', 'lead.demo_request.created', 'lead.status_changed'] as const;
export type SubscribableEvent = (typeof SUBSCRIBABLE_EVENTS)[number];

export interface WebhookEndpointView {
  id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
  secretHint: string;
  rotatingUntil: string | null;
  failing: number;
}

export interface WebhookAttemptView {
  at: string;
  durationMs: number | null;
  httpStatus: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

export interface WebhookDeliveryView {
  id: number;
  messageId: string;
  eventType: string;
  leadKind: string | null;
  leadId: number | null;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  createdAt: string;
  deliveredAt: string | null;
  lastAttempt: WebhookAttemptView | null;
  dismissedAt: string | null;
}

export interface WebhookEndpointInput {
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
}
