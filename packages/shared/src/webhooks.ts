import { z } from 'zod';
import { idSchema, paginationSchema, queryId, textSchema } from './common.ts';
import { MAX_WEBHOOK_DESCRIPTION, MAX_WEBHOOK_URL, webhookDeliveryStatuses, webhookEventTypes } from './webhook-rules.ts';

export * from './webhook-rules.ts';

/**
 * Signed webhooks (docs/architecture.md A6.19, decision 0051): endpoints administrators register for a
 * store's events (or all stores', super administrators), the deliveries of the last 30 days and their attempts.
 */

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  /** null: every store's events (super administrators only). */
  storeId: z.number().int().nullable(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(webhookEventTypes)),
  active: z.boolean(),
  /** The secret's first characters, to recognise it (the secret itself is shown once). */
  secretPrefix: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Deliveries not yet delivered nor failed. */
  pending: z.number().int(),
  /** Deliveries that gave up, of the last 30 days. */
  failed: z.number().int(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer of a creation or a rotation: the secret, shown this once. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

const urlText = textSchema(MAX_WEBHOOK_URL, 1);
const eventsSchema = z
  .array(z.enum(webhookEventTypes))
  .min(1)
  .max(webhookEventTypes.length)
  .refine((a) => new Set(a).size === a.length, 'Each event once');

/** `POST /api/webhooks`. */
export const webhookEndpointCreateSchema = z
  .object({
    storeId: idSchema.nullable(),
    url: urlText,
    description: textSchema(MAX_WEBHOOK_DESCRIPTION).default(''),
    events: eventsSchema,
    active: z.boolean().default(true),
  })
  .strict();
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateSchema>;

/** `PUT /api/webhooks/{id}`: what is sent changes (the store stays). */
export const webhookEndpointUpdateSchema = z
  .object({
    url: urlText.optional(),
    description: textSchema(MAX_WEBHOOK_DESCRIPTION).optional(),
    events: eventsSchema.optional(),
    active: z.boolean().optional(),
  })
  .strict();
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

/** `GET /api/webhooks`: the caller's stores' endpoints (and all-stores ones for super administrators). */
export const webhookEndpointsQuerySchema = z.object({ storeId: queryId.optional() }).strict();

export const webhookAttemptSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The receiver's HTTP status, null when none came (time-out, refused address, connection error). */
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  /** The event's id: the `webhook-id` header, the same on every attempt and redelivery. */
  eventId: z.string(),
  type: z.string(),
  subject: z.string(),
  status: z.enum(webhookDeliveryStatuses),
  attempts: z.number().int(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** The delivery this one re-sends, when an administrator asked for it. */
  redeliveryOf: z.number().int().nullable(),
  payload: z.unknown(),
  /** Its attempts, newest first (at most 20). */
  attemptLog: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET /api/webhooks/{id}/deliveries`: the last 30 days, newest first, paged; by status. */
export const webhookDeliveriesQuerySchema = paginationSchema.extend({ status: z.enum(webhookDeliveryStatuses).optional() }).strict();
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;
