import type { AppLoadContext } from 'react-router';
import type { WebhookDeliveryView, WebhookEndpointView } from './webhook-types';
import { DELIVERIES_PAGE_SIZE, type WebhooksParams, parseWebhooksParams } from './webhooks-params';

export interface DeliveryLog {
  endpointId: number;
  items: WebhookDeliveryView[];
  total: number;
  page: number;
  pageSize: number;
}

export type WebhooksData = WebhooksParams & { endpoints: WebhookEndpointView[]; log: DeliveryLog | null };

/**
 * The Webhooks page's data: every endpoint, and the delivery log of the one in ?endpoint=
 * (none when it names no endpoint, e.g. one deleted meanwhile).
 */
export async function loadWebhooks(context: AppLoadContext, request: Request): Promise<WebhooksData> {
  const params = parseWebhooksParams(new URL(request.url).searchParams);
  const endpoints = await context.services.webhooks.list();
  const selected = endpoints.find((endpoint) => endpoint.id === params.endpoint);
  if (!selected) return { endpoint: null, page: 1, endpoints, log: null };
  const log = await context.services.webhooks.deliveries(selected.id, params.page, DELIVERIES_PAGE_SIZE);
  // Null when the endpoint was deleted between the two reads: show the cards without a log.
  if (!log) return { endpoint: null, page: 1, endpoints, log: null };
  return { ...params, endpoints, log: { endpointId: selected.id, items: log.items, total: log.total, page: params.page, pageSize: DELIVERIES_PAGE_SIZE } };
}
