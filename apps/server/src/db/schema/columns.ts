import { integer, timestamp } from 'drizzle-orm/pg-core';

/** Audit columns shared by the administrator-managed entities of docs/architecture.md P3. */
export const audit = {
  createdBy: integer('created_by'),
  modifiedBy: integer('modified_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
