import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { activityKinds, frequencyPeriods } from '@rewards/shared/enums';
import { audit, createdAt, english, oneLanguage } from './columns.ts';
import { stores, users } from './identity.ts';

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    title: text('title').notNull(),
    titleEn: english('title_en'),
    slug: text('slug').notNull(),
    description: text('description').notNull(),
    descriptionEn: english('description_en'),
    picture: text('picture'),
    active: boolean('active').notNull().default(true),
    ...audit,
  },
  (t) => [
    uniqueIndex('categories_store_slug_uq').on(t.storeId, t.slug),
    check('categories_title_written', oneLanguage(t.title, t.titleEn)),
    check('categories_description_written', oneLanguage(t.description, t.descriptionEn)),
  ],
);

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    name: text('name').notNull(),
    nameEn: english('name_en'),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull(),
    descriptionEn: english('description_en'),
    price: integer('price').notNull(),
    stock: integer('stock').notNull().default(0),
    featured: boolean('featured').notNull().default(false),
    views: integer('views').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** Lower-case, accent-free name, category and description, each in both languages: what search matches (trigram index). */
    searchText: text('search_text').notNull().default(''),
    ...audit,
  },
  (t) => [
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
    index('products_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_store_featured_idx').on(t.storeId, t.featured, t.createdAt),
    index('products_store_price_idx').on(t.storeId, t.categoryId, t.price),
    check('products_price_nonnegative', sql`${t.price} >= 0`),
    index('products_store_category_idx').on(t.storeId, t.categoryId, t.active),
    index('products_store_created_idx').on(t.storeId, t.createdAt),
    index('products_store_views_idx').on(t.storeId, t.views),
    check('products_name_written', oneLanguage(t.name, t.nameEn)),
    check('products_description_written', oneLanguage(t.description, t.descriptionEn)),
  ],
);

/**
 * The viewers already counted in `products.views` today: a view counts once per viewer, product and
 * day (UTC). `viewer` is `u:<user id>` or `a:<keyed hash of the address>` (lib/viewer-key.ts), never
 * an address. Past days are deleted as the counter moves on; the key starts with the day for that.
 */
export const productViews = pgTable(
  'product_views',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewer: text('viewer').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.productId, t.viewer] })],
);

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    position: smallint('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
);

/** Append-only stock ledger: restocks and adjustments applied to `products.stock` atomically. */
export const inventoryMovements = pgTable(
  'inventory_movements',
  {
    id: serial('id').primaryKey(),
    // The product's store, copied by rs_move_stocks in the statement that moves the stock. No foreign key
    // of its own: the product's key implies it (stores with products cannot be deleted), and checking it
    // on every order line share-locked the same hot stores row in every order (decision 0004).
    storeId: integer('store_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    stockAfter: integer('stock_after').notNull(),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('inventory_movements_product_idx').on(t.productId, t.createdAt),
    check('inventory_movements_stock_after_nonnegative', sql`${t.stockAfter} >= 0`),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    title: text('title').notNull(),
    titleEn: english('title_en'),
    picture: text('picture').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...audit,
  },
  (t) => [index('banners_store_idx').on(t.storeId, t.active, t.position), check('banners_title_written', oneLanguage(t.title, t.titleEn))],
);

/** Organisational areas that own recognitions. */
export const areas = pgTable(
  'areas',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    name: text('name').notNull(),
    nameEn: english('name_en'),
    description: text('description').notNull(),
    descriptionEn: english('description_en'),
    picture: text('picture'),
    active: boolean('active').notNull().default(true),
    ...audit,
  },
  (t) => [
    index('areas_store_idx').on(t.storeId),
    check('areas_name_written', oneLanguage(t.name, t.nameEn)),
    check('areas_description_written', oneLanguage(t.description, t.descriptionEn)),
  ],
);

/**
 * Recognitions: points and a frequency limit per user: a count per period, or once per activity
 * (period 'activity', limit 1, with the kind of activity; each load names the activity).
 */
export const rewards = pgTable(
  'rewards',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    areaId: integer('area_id').references(() => areas.id, { onDelete: 'set null' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    nameEn: english('name_en'),
    description: text('description').notNull(),
    descriptionEn: english('description_en'),
    points: integer('points').notNull(),
    frequencyLimit: integer('frequency_limit').notNull(),
    frequencyPeriod: text('frequency_period', { enum: frequencyPeriods }).notNull(),
    /** What a once-per-activity recognition is given for; null for the others. */
    activityKind: text('activity_kind', { enum: activityKinds }),
    active: boolean('active').notNull().default(true),
    ...audit,
  },
  (t) => [
    index('rewards_store_idx').on(t.storeId),
    uniqueIndex('rewards_store_code_uq').on(t.storeId, t.code),
    check('rewards_points_nonnegative', sql`${t.points} >= 0`),
    check('rewards_frequency_positive', sql`${t.frequencyLimit} > 0`),
    check(
      'rewards_once_per_activity',
      sql`(${t.frequencyPeriod} = 'activity') = (${t.activityKind} is not null) and (${t.frequencyPeriod} <> 'activity' or ${t.frequencyLimit} = 1)`,
    ),
    check('rewards_name_written', oneLanguage(t.name, t.nameEn)),
    check('rewards_description_written', oneLanguage(t.description, t.descriptionEn)),
  ],
);
