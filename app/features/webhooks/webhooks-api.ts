import { apiJson, apiRequest } from '~/lib/api';
import { ifMatch } from '~/lib/edit-conflict';
import type { WebhookDeliveryView, WebhookEndpointInput, WebhookEndpointView } from './webhook-types';

/** The Webhooks page's calls (docs/admin.md, Webhooks). Each throws ApiError on a non-success answer. */
const base = '/api/admin/webhooks';

export interface EndpointWithSecret {
  endpoint: WebhookEndpointView;
  /** The whole `whsec_…` secret: the only time the API shows it. */
  secret: string;
}

export function createEndpoint(input: WebhookEndpointInput): Promise<EndpointWithSecret> {
  return apiJson<EndpointWithSecret>('POST', base, input);
}

/** Sends the version the edit started from (If-Match): a stale one is a 409. */
export function updateEndpoint(id: number, input: WebhookEndpointInput, version: number): Promise<WebhookEndpointView> {
  return apiJson<WebhookEndpointView>('PUT', `${base}/${id}`, input, ifMatch(version));
}

export async function deleteEndpoint(id: number): Promise<void> {
  await apiRequest('DELETE', `${base}/${id}`);
}

export function rotateSecret(id: number): Promise<EndpointWithSecret> {
  return apiJson<EndpointWithSecret>('POST', `${base}/${id}/rotate`);
}

export function sendTestEvent(id: number): Promise<{ delivery: WebhookDeliveryView }> {
  return apiJson<{ delivery: WebhookDeliveryView }>('POST', `${base}/${id}/test`);
}

export function replayDelivery(deliveryId: number): Promise<{ delivery: WebhookDeliveryView }> {
  return apiJson<{ delivery: WebhookDeliveryView }>('POST', `${base}/deliveries/${deliveryId}/replay`);
}

export async function dismissDelivery(deliveryId: number): Promise<void> {
  await apiRequest('POST', `${base}/deliveries/${deliveryId}/dismiss`);
}
