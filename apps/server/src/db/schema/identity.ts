import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { audit, createdAt } from './columns.ts';

export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    /** The corporate site's code: one store per site (docs/decisions/0031-store-site-and-inventory-codes.md). */
    sedeId: text('sede_id'),
    /** A reference to the store's inventory in another system; stock itself is the movement ledger (decision 0031). */
    inventoryId: text('inventory_id'),
    location: text('location').notNull(),
    lat: doublePrecision('lat').notNull(),
    long: doublePrecision('long').notNull(),
    /**
     * The IANA zone of lat/long (geo-tz, decision 0029), written by stores.service on create and update and
     * filled for older stores by fillStoreTimeZones: the office's zone of people's celebrations (A6.17).
     */
    timeZone: text('time_zone'),
    active: boolean('active').notNull().default(true),
    ...audit,
  },
  (t) => [
    uniqueIndex('stores_sede_id_lower_uq')
      .on(sql`lower(btrim(${t.sedeId}))`)
      .where(sql`${t.sedeId} IS NOT NULL`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    lastName: text('last_name'),
    storeId: integer('store_id').references(() => stores.id, { onDelete: 'set null' }),
    points: integer('points').notNull().default(0),
    role: smallint('role').notNull().default(1),
    is: text('is'),
    contact: text('contact'),
    livesAtSameGdcLocation: boolean('lives_at_same_gdc_location').notNull().default(false),
    isStore: boolean('is_store').notNull().default(false),
    active: smallint('active').notNull().default(1),
    profilePictureUrl: text('profile_picture_url'),
    officeLocation: text('office_location'),
    lastIp: text('last_ip'),
    firstSignInAt: timestamp('first_sign_in_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    /** Their manager (peer recognition's per-report allowance, docs/architecture.md A6.16); set by administrators. */
    managerId: integer('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** 'MM-DD', never a year (docs/architecture.md A6.17); a day of a leap year, 29 February included. */
    birthday: text('birthday'),
    hireDate: date('hire_date', { mode: 'string' }),
    /** hire_date's 'MM-DD', so anniversaries are found by the same index lookup as birthdays. */
    hireMonthDay: text('hire_month_day').generatedAlwaysAs(
      sql`lpad(extract(month from hire_date)::int::text, 2, '0') || '-' || lpad(extract(day from hire_date)::int::text, 2, '0')`,
    ),
    /** The company directory's id of the person (SCIM `externalId`, docs/architecture.md A6.18): the key it is matched by. */
    externalId: text('external_id'),
    /** Their department, as the directory names it. */
    department: text('department'),
    ...audit,
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_is_lower_uq')
      .on(sql`lower(btrim(${t.is}))`)
      .where(sql`${t.is} IS NOT NULL`),
    index('users_store_idx').on(t.storeId),
    uniqueIndex('users_external_id_uq')
      .on(t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
    check('users_points_nonnegative', sql`${t.points} >= 0`),
    check('users_role_valid', sql`${t.role} in (1, 2, 3)`),
    check('users_active_valid', sql`${t.active} in (0, 1)`),
    check('users_manager_not_self', sql`${t.managerId} <> ${t.id}`),
    index('users_manager_idx')
      .on(t.managerId)
      .where(sql`${t.managerId} IS NOT NULL`),
    check(
      'users_birthday_valid',
      sql`${t.birthday} IS NULL OR (${t.birthday} ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$' AND ${t.birthday} NOT IN ('02-30', '02-31', '04-31', '06-31', '09-31', '11-31'))`,
    ),
    index('users_birthday_idx')
      .on(t.birthday)
      .where(sql`${t.birthday} IS NOT NULL`),
    index('users_hire_month_day_idx')
      .on(t.hireMonthDay)
      .where(sql`${t.hireDate} IS NOT NULL`),
  ],
);

/** Stores an administrator manages (`adminStores`); only a super administrator changes them. */
export const userAdminStores = pgTable(
  'user_admin_stores',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.storeId] })],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Personal API tokens for integrations (`Authorization: Bearer`), hashed at rest. */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    prefix: text('prefix').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Every token expires (API_TOKEN_DEFAULT_DAYS unless told otherwise). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);
