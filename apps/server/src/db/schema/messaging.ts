import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { contactMethods, languages, notificationItemTypes } from '@rewards/shared/enums';
import { mailKinds, mailStatuses } from '@rewards/shared/mail';
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
export const profiles = pgTable('profiles', {
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
  language: text('language', { enum: languages }),
  /** How `users.store_id` was set: `chosen` by the user is never replaced by the nearest store. */
  storeSource: text('store_source', { enum: storeSources }),
  /** When the user last saved the preferences form (null: never, e.g. a first sign-in). */
  savedAt: timestamp('saved_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_pending_idx').on(t.status, t.sendAfter), index('email_outbox_created_idx').on(t.createdAt)],
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
