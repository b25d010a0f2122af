// No zod here: the webhooks' admin page reads these (docs/decisions/0028-light-first-paint.md). The zod
// schemas of the same shapes are in webhooks.ts (the server's and the OpenAPI document's).

/** Signed webhooks (docs/architecture.md A6.19, decision 0051). */

/** The events an endpoint can subscribe to, in the page's order. */
export const webhookEventTypes = [
  'recognition.given',
  'order.placed',
  'order.changed',
  'points.credited',
  'points.expired',
  'user.deactivated',
] as const;
export type WebhookEventType = (typeof webhookEventTypes)[number];

/** The event `POST /api/webhooks/{id}/test` sends to one endpoint (never subscribed to). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const webhookDeliveryStatuses = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** A secret is Standard Webhooks' `whsec_` and the base64 of its random bytes. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
export const WEBHOOK_SECRET_BYTES = 32;

export const MAX_WEBHOOK_URL = 2000;
export const MAX_WEBHOOK_DESCRIPTION = 200;

/** Deliveries and attempts are kept this many days (the worker's cleanup). */
export const WEBHOOK_KEEP_DAYS = 30;
/** An endpoint's attempts a delivery item shows, newest first. */
export const WEBHOOK_ATTEMPTS_SHOWN = 20;
