/**
 * The webhooks API's shapes (docs/architecture.md A6.19), from packages/shared/src/webhooks.ts: types only,
 * its zod schemas stay out of the page; the lists the page iterates over come from its zod-free part,
 * packages/shared/src/webhook-rules.ts.
 */
export type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
  WebhookEndpointWithSecret,
  WebhookEventType,
} from '@rewards/shared/webhooks';

export { webhookEventTypes as eventTypes, webhookDeliveryStatuses as deliveryStatuses } from '@rewards/shared/webhook-rules';
