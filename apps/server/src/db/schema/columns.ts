import { sql } from 'drizzle-orm';
import { integer, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Audit columns shared by the administrator-managed entities of docs/architecture.md P3. */
export const audit = {
  createdBy: integer('created_by'),
  modifiedBy: integer('modified_by'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The English twin of a text an administrator writes for shoppers (docs/architecture.md A6.15): the column
 * `x` keeps the Spanish, `x_en` the English; a language not written is ''.
 */
export const english = (name: string) => text(name).notNull().default('');

/** At least one language of a required text is written (docs/architecture.md A6.15). */
export const oneLanguage = (es: AnyPgColumn, en: AnyPgColumn) => sql`btrim(${es}) <> '' or btrim(${en}) <> ''`;
