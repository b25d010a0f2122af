import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { contactMethods, languages, notificationItemTypes } from '@rewards/shared/enums';
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

/** Profile and preferences of a user (SPEC.md section 3). */
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** E-mail outbox: rows written inside business transactions, delivered by a job. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_outbox_pending_idx').on(t.status, t.sendAfter)],
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
