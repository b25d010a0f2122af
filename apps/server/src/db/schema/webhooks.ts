import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { stores, users } from './identity.ts';

/**
 * An administrator's webhook endpoint (docs/architecture.md A6.19, decision 0051): a store's (its
 * administrators manage it and it gets that store's events) or, with no store, every store's (super
 * administrators only). The secret is kept as given (`whsec_…`): signing needs it, so it cannot be a hash.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** The event types it subscribes to (WebhookEventType). */
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    secret: text('secret').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_store_idx').on(t.storeId)],
);

/**
 * An event of the outbox, written by the source tables' statement triggers in the business transaction
 * (A6.19) when some active endpoint subscribes to its type. `msg_id` is its id for receivers (`webhook-id`):
 * it never changes, on a retry or a redelivery. `endpoint_id` set: meant for that endpoint only (a test).
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    msgId: text('msg_id')
      .notNull()
      .unique()
      .default(sql`('msg_' || replace(gen_random_uuid()::text, '-', ''))`),
    type: text('type').notNull(),
    /** `user:12`, `order:5`, `recognition:3`: deliveries of one subject to one endpoint go in order. */
    subject: text('subject').notNull(),
    storeId: integer('store_id'),
    endpointId: integer('endpoint_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

/**
 * One event for one endpoint: pending until a 2xx (delivered) or until it gives up (failed). A redelivery is
 * a new row of the same event. The worker claims a row only when no earlier pending row of its endpoint and
 * subject exists (order per subject).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it is due again; null: at once. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimToken: uuid('claim_token'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    firstAttemptAt: timestamp('first_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    redeliveryOf: bigint('redelivery_of', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('webhook_deliveries_status_valid', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    index('webhook_deliveries_pending_subject_idx')
      .on(t.endpointId, t.subject, t.id)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

/** Each attempt of a delivery: when, the receiver's status or the error, how long it took. Kept 30 days. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id), index('webhook_attempts_at_idx').on(t.at)],
);
