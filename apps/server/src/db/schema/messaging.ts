import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { contactMethods, languages, notificationItemTypes } from '@rewards/shared/enums';
import { mailChannels, mailKinds, mailStatuses } from '@rewards/shared/mail';
import { continentCodes } from '@rewards/shared/places';
import { storeSources } from '@rewards/shared/profile';
import { createdAt } from './columns.ts';
import { categories } from './catalog.ts';
import { users } from './identity.ts';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    itemType: text('item_type', { enum: notificationItemTypes }).notNull(),
    description: text('description').notNull(),
    url: text('url'),
    active: smallint('active').notNull().default(1),
    seenAt: timestamp('seen_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_active_idx').on(t.userId, t.active, t.createdAt),
    check('notifications_active_valid', sql`${t.active} in (0, 1)`),
  ],
);

/** Profile and preferences of a user (docs/architecture.md P3). */
export const profiles = pgTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    city: text('city'),
    postalCode: text('postal_code'),
    state: text('state'),
    address: text('address'),
    preferredContact: text('preferred_contact', { enum: contactMethods }).notNull().default('email'),
    preferredCategoryId: integer('preferred_category_id').references(() => categories.id, {
      onDelete: 'set null',
    }),
    officeInCity: boolean('office_in_city'),
    /** Opt-in: a notification when a new product appears in the preferred category (migration 0019). */
    productNews: boolean('product_news').notNull().default(false),
    language: text('language', { enum: languages }),
    /** How `users.store_id` was set: `chosen` by the user is never replaced by the nearest store. */
    storeSource: text('store_source', { enum: storeSources }),
    /** When the user last saved the preferences form (null: never, e.g. a first sign-in). */
    savedAt: timestamp('saved_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The user's last saved position and what the server derived from it offline
     * (docs/decisions/0029-offline-reverse-geocoding.md): country (null at sea), continent, IANA time zone.
     * All null until a position is saved; names are not stored, they are made from the codes in es and en.
     */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    countryCode: text('country_code'),
    continent: text('continent', { enum: continentCodes }),
    timeZone: text('time_zone'),
    locatedAt: timestamp('located_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'profiles_position_valid',
      sql`(${t.latitude} is null and ${t.longitude} is null and ${t.timeZone} is null and ${t.locatedAt} is null and ${t.countryCode} is null and ${t.continent} is null)
    or (${t.latitude} between -90 and 90 and ${t.longitude} between -180 and 180 and ${t.timeZone} is not null and ${t.locatedAt} is not null)`,
    ),
    // Who opted in to a category's news: read when products are created (rs_product_news_created).
    index('profiles_product_news_idx')
      .on(t.preferredCategoryId)
      .where(sql`${t.productNews}`),
  ],
);

/**
 * Product news waiting for the end of their transaction (docs/decisions/0035-product-news.md): restocks
 * from zero of wishlisted products and new products of a category someone opted in to, written by triggers
 * (db/functions/rs_product_news_restocked.sql, rs_product_news_created.sql) and turned into one notification
 * per shopper by the deferred trigger on `product_news_batches` just before COMMIT
 * (db/functions/rs_product_news_flush.sql). Rows never outlive their transaction.
 */
export const productNewsPending = pgTable(
  'product_news_pending',
  {
    tx: bigint('tx', { mode: 'number' })
      .notNull()
      .default(sql`txid_current()`),
    kind: text('kind', { enum: ['restock', 'new'] }).notNull(),
    productId: integer('product_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('product_news_pending_tx_idx').on(t.tx), check('product_news_pending_kind_valid', sql`${t.kind} in ('restock', 'new')`)],
);

/** One row per transaction with pending product news; its deferred constraint trigger sends them. */
export const productNewsBatches = pgTable('product_news_batches', {
  tx: bigint('tx', { mode: 'number' }).primaryKey(),
});

/**
 * E-mail outbox: rows written inside business transactions (a notification's copy by the trigger
 * rs_notification_mail), delivered by the mail worker (docs/decisions/0007-profile-and-mail.md).
 * `user_id` and `notification_id` carry no foreign keys, like load_entries (decision 0005): a load of
 * 100,000 receivers writes as many copies, and the worker reads the notification when it sends.
 * `subject`/`body_text` are null until a `notification` or `orderApproved` row is rendered at send time.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: mailKinds }).notNull().default('message'),
    /** `email` or `teams` (docs/decisions/0030-teams-channel.md): a `teams` row goes by e-mail when Teams is not configured. */
    channel: text('channel', { enum: mailChannels }).notNull().default('email'),
    userId: integer('user_id'),
    notificationId: integer('notification_id'),
    /** The record a rendered message speaks of (the order of `orderApproved`). */
    refId: integer('ref_id'),
    toAddress: text('to_address').notNull(),
    subject: text('subject'),
    bodyText: text('body_text'),
    bodyHtml: text('body_html'),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    /** Who holds the row while sending (set with the lease in send_after), so only they settle it. */
    claimToken: text('claim_token'),
    /** Set just before the message is handed to SMTP: found set after the lease, the send was cut off. */
    sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_pending_idx').on(t.status, t.sendAfter),
    index('email_outbox_created_idx').on(t.createdAt),
    // The Teams worker's heads: the oldest pending row of each recipient (min(id) per user, an index-only scan).
    index('email_outbox_recipient_pending_idx')
      .on(t.channel, t.userId, t.id)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/** Runs of scheduled jobs, keyed by period, so each runs exactly once across instances. */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    periodKey: text('period_key').notNull(),
    ranAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.job, t.periodKey] })],
);
