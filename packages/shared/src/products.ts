import { z } from 'zod';
import { bounds } from './constants.ts';
import { productOrders } from './enums.ts';
import {
  boolish,
  languageText,
  oneLanguageWritten,
  paginationSchema,
  queryId,
  queryInt,
  requiredId,
  requiredInt,
  textSchema,
} from './common.ts';

export const productImageSchema = z.object({ id: z.number().int(), url: z.string() });

export const productSchema = z.object({
  id: z.number().int(),
  /** Spanish and English (docs/architecture.md A6.15): '' where a language was not written. */
  name: z.string(),
  nameEn: z.string(),
  slug: z.string(),
  description: z.string(),
  descriptionEn: z.string(),
  price: z.number().int(),
  stock: z.number().int(),
  featured: z.boolean(),
  active: z.boolean(),
  storeId: z.number().int(),
  categoryId: z.number().int(),
  categoryTitle: z.string(),
  categoryTitleEn: z.string(),
  categorySlug: z.string(),
  images: z.array(productImageSchema),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

// Defined with the enums (no zod there), so the shop's pages read them without the schemas.
export { productOrders, type ProductOrder } from './enums.ts';

/** Shop lists: category pages, search, "all". Unknown filters are refused. */
export const productListQuerySchema = paginationSchema
  .extend({
    storeId: queryId.optional(),
    categoryId: queryId.optional(),
    slug: textSchema(140, 1).optional(),
    search: textSchema(120, 1).optional(),
    order: z.enum(productOrders).optional(),
  })
  .strict();
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

/** Header search suggestions while typing: a few products of the shopper's store, from the search index. */
export const productSuggestQuerySchema = z
  .object({
    storeId: queryId.optional(),
    q: textSchema(120, 1),
    limit: queryInt(1, 10).default(6),
  })
  .strict();
export type ProductSuggestQuery = z.infer<typeof productSuggestQuerySchema>;

export const productSuggestionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  nameEn: z.string(),
  slug: z.string(),
  price: z.number().int(),
  categoryTitle: z.string(),
  categoryTitleEn: z.string(),
  picture: z.string().nullable(),
});
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;

export const productStatsTypes = ['featured', 'recommended', 'new', 'views'] as const;
export const productStatsQuerySchema = z
  .object({
    type: z.enum(productStatsTypes),
    storeId: queryId.optional(),
    limit: queryInt(1, 24).default(10),
  })
  .strict();

export const otherResultsQuerySchema = z
  .object({
    storeId: queryId.optional(),
    categoryId: queryId.optional(),
    excludeId: queryId.optional(),
    limit: queryInt(1, 24).default(8),
  })
  .strict();

export const stockFilters = ['in', 'out', 'low'] as const;
export const adminProductListQuerySchema = paginationSchema
  .extend({
    storeId: queryId,
    categoryId: queryId.optional(),
    search: textSchema(120).optional(),
    active: boolish.optional(),
    stock: z.enum(stockFilters).optional(),
  })
  .strict();
export type AdminProductListQuery = z.infer<typeof adminProductListQuerySchema>;

/** The texts shoppers read, in Spanish and English (docs/architecture.md A6.15): at least one of each pair. */
const productTexts = ['name', 'description'] as const;

const productFields = {
  name: languageText(bounds.name),
  nameEn: languageText(bounds.name),
  description: languageText(bounds.description),
  descriptionEn: languageText(bounds.description),
  categoryId: requiredId,
  price: requiredInt(0, 10_000_000),
  stock: requiredInt(0, 1_000_000),
  featured: boolish.default(false),
};

/** Product form fields (multipart; pictures travel as files next to them). */
export const productFormSchema = z.object(productFields).superRefine(oneLanguageWritten(productTexts));
export type ProductForm = z.infer<typeof productFormSchema>;
export const productCreateSchema = productFormSchema.extend({ storeId: requiredId });
/** An edit sends what changes; a language left out keeps what is stored. */
export const productUpdateSchema = z
  .object({
    ...productFields,
    categoryId: productFields.categoryId.optional(),
    price: productFields.price.optional(),
    stock: productFields.stock.optional(),
    /** Pictures to drop, by id (comma-separated in multipart). */
    removeImageIds: z.array(requiredId).max(100).default([]),
  })
  .superRefine(oneLanguageWritten(productTexts, { partial: true }));
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

export * from './product-rules.ts';
