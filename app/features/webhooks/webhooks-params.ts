import { webhooksCopy } from '@content/admin-webhooks';
import { WEBHOOK_DELIVERIES_PAGE_SIZE, WEBHOOK_EVENT_LABELS } from '@domain/webhooks';
import { type DeliveryStatus, SUBSCRIBABLE_EVENTS, type WebhookDeliveryView } from './webhook-types';

/**
 * The Webhooks page's URL: ?endpoint=ID&page=N opens that endpoint's delivery log at page N.
 * Parsed forgivingly (a bad value means no log, or page 1), since people edit URLs by hand.
 */
export const WEBHOOKS_PATH = '/admin/webhooks';
export const DELIVERIES_PAGE_SIZE = WEBHOOK_DELIVERIES_PAGE_SIZE;

export interface WebhooksParams {
  endpoint: number | null;
  page: number;
}

export function parseWebhooksParams(search: URLSearchParams): WebhooksParams {
  const endpoint = Number(search.get('endpoint') ?? '');
  return {
    endpoint: Number.isSafeInteger(endpoint) && endpoint >= 1 ? endpoint : null,
    page: parsePage(search.get('page')),
  };
}

export function webhooksHref(params: WebhooksParams): string {
  const search = new URLSearchParams();
  if (params.endpoint !== null) search.set('endpoint', String(params.endpoint));
  if (params.endpoint !== null && params.page > 1) search.set('page', String(params.page));
  const query = search.toString();
  return query ? `${WEBHOOKS_PATH}?${query}` : WEBHOOKS_PATH;
}

function parsePage(raw: string | null): number {
  const page = Number(raw ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1;
}

/**
 * What the log says of a delivery: a pending one that already failed an attempt is "retrying"
 * (it counts as failing until it succeeds), so an admin sees trouble before the last retry.
 */
export type DeliveryState = Exclude<DeliveryStatus, 'pending'> | 'pending' | 'retrying';

export function deliveryState(delivery: Pick<WebhookDeliveryView, 'status' | 'attempts'>): DeliveryState {
  if (delivery.status === 'pending' && delivery.attempts > 0) return 'retrying';
  return delivery.status;
}

/** Whether Dismiss applies: a failed or retrying delivery nobody dismissed yet. */
export function canDismiss(delivery: Pick<WebhookDeliveryView, 'status' | 'attempts' | 'dismissedAt'>): boolean {
  const state = deliveryState(delivery);
  return delivery.dismissedAt === null && (state === 'failed' || state === 'retrying');
}

/** "120 ms", "2.4 s"; an empty string when no attempt was timed. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The first characters of a receiver's answer for one table cell: whitespace folded, cut at `max` with an ellipsis. */
export function answerExcerpt(text: string | null | undefined, max = 80): string {
  if (!text) return '';
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > max ? `${folded.slice(0, max - 1)}…` : folded;
}

/** The delivery log should refresh itself while something in it is about to change (sent now or within `withinMs`). */
export function shouldAutoRefresh(deliveries: WebhookDeliveryView[], now: number, withinMs = 30_000): boolean {
  return deliveries.some(
    (delivery) =>
      delivery.status === 'sending' ||
      (delivery.status === 'pending' && (delivery.nextAttemptAt === null || Date.parse(delivery.nextAttemptAt) - now <= withinMs)),
  );
}

/**
 * The endpoint form's own checks before sending (the server checks again, and alone knows
 * whether the address is public): a URL that parses with http(s), at least one known event.
 */
export function validateEndpointInput(input: { url: string; events: readonly string[] }): Partial<Record<'url' | 'events', string>> {
  const errors: Partial<Record<'url' | 'events', string>> = {};
  if (!input.url) errors.url = webhooksCopy.form.urlRequired;
  else if (!isHttpUrl(input.url)) errors.url = webhooksCopy.form.urlInvalid;
  const known = new Set<string>(SUBSCRIBABLE_EVENTS);
  if (!input.events.some((event) => known.has(event))) errors.events = webhooksCopy.form.eventsRequired;
  return errors;
}

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An event type's name on the page; an unknown one (from a newer server) as it came. */
export function eventLabel(type: string): string {
  return (WEBHOOK_EVENT_LABELS as Record<string, string>)[type] ?? type;
}
