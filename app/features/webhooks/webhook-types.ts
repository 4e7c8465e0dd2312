/** The webhooks API's shapes (domain/webhooks.ts) under the names the admin page uses. */
export {
  WEBHOOK_EVENT_TYPES as SUBSCRIBABLE_EVENTS,
  type WebhookEndpoint as WebhookEndpointView,
  type WebhookDelivery as WebhookDeliveryView,
  type WebhookDeliveryStatus as DeliveryStatus,
  type WebhookEndpointInput,
  type WebhookSubscribableEvent as SubscribableEvent,
} from '@domain/webhooks';
