import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { products } from './catalog.ts';
import { stores, users } from './identity.ts';

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_user_product_uq').on(t.userId, t.productId),
    check('cart_items_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by'),
    modifiedBy: integer('modified_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('wishlist_items_user_product_uq').on(t.userId, t.productId),
    // Who wished a product: read when it is back in stock (migration 0019).
    index('wishlist_items_product_idx').on(t.productId),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    status: smallint('status').notNull().default(1),
    total: integer('total').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** Fingerprint of the request that carried the Idempotency-Key: a retry must be the same request. */
    requestHash: text('request_hash'),
    /** The administrators' comment for the customer, set by an edit (`POST /api/orders/edit`). */
    comment: text('comment'),
    /** Archived: hidden from the administrators' lists unless asked for; the customer still sees it. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: integer('archived_by').references(() => users.id),
    /** Soft-deleted (only once canceled): gone from every list and page; its ledger rows stay. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_store_status_idx').on(t.storeId, t.status, t.createdAt),
    uniqueIndex('orders_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    check('orders_status_valid', sql`${t.status} between 1 and 5`),
    check('orders_total_nonnegative', sql`${t.total} >= 0`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    categoryId: integer('category_id'),
    quantity: integer('quantity').notNull(),
    price: integer('price').notNull(),
    status: smallint('status').notNull().default(1),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId),
    index('order_lines_product_idx').on(t.productId),
    check('order_lines_quantity_positive', sql`${t.quantity} > 0`),
    check('order_lines_price_nonnegative', sql`${t.price} >= 0`),
    check('order_lines_status_valid', sql`${t.status} between 1 and 5`),
  ],
);

/** One row per status move: the tracking timeline of an order. */
export const orderTracking = pgTable(
  'order_tracking',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    cause: text('cause'),
    comment: text('comment'),
    createdBy: integer('created_by').references(() => users.id),
    /** Set on the row an administrator's edit writes (the edit's reason is `cause`). */
    editId: integer('edit_id').references(() => orderEdits.id),
    createdAt: createdAt(),
  },
  (t) => [index('order_tracking_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * An administrator's correction of an order that was not delivered (`POST /api/orders/edit`): what
 * changed (lines `{ lineId, productId, name, from, to }`, the comment `{ from, to }`), the customer's
 * points it moved (positive: refunded, negative: debited), why, who, and the Idempotency-Key it came with.
 */
export const orderEdits = pgTable(
  'order_edits',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    changes: jsonb('changes').notNull(),
    points: integer('points').notNull(),
    idempotencyKey: text('idempotency_key'),
    /** Fingerprint of the request: the same key with another request is IDEMPOTENCY_KEY_REUSED. */
    requestHash: text('request_hash').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_edits_order_idx').on(t.orderId),
    uniqueIndex('order_edits_creator_idempotency_uq').on(t.createdBy, t.idempotencyKey),
  ],
);
