import { z } from 'zod';
import {
  idSchema,
  INT32_MAX,
  intSchema,
  paginationSchema,
  queryId,
  reasonSchema,
  requiredId,
  requiredSignedChange,
  signedChangeSchema,
} from './common.ts';

export const inventoryMovementSchema = z.object({
  id: z.number().int(),
  storeId: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  productNameEn: z.string(),
  delta: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.string(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type InventoryMovement = z.infer<typeof inventoryMovementSchema>;

export const inventoryListQuerySchema = paginationSchema.extend({ storeId: queryId, productId: queryId.optional() }).strict();

/** A restock (positive delta) or an adjustment (either sign), with its reason. */
export const inventoryMovementCreateSchema = z
  .object({
    productId: idSchema,
    delta: signedChangeSchema,
    reason: reasonSchema,
  })
  .strict();
export type InventoryMovementCreate = z.infer<typeof inventoryMovementCreateSchema>;

/** The web's restock form: the same fields, with the delta as the field's text. */
export const inventoryMovementFormSchema = z
  .object({
    productId: requiredId,
    delta: requiredSignedChange,
    reason: reasonSchema,
  })
  .strict();

/**
 * Legacy `PUT /api/products/` (administrators only): takes an order line's quantity out of a product's
 * stock, recorded in the inventory ledger. The other order-line fields are accepted and ignored.
 */
export const productStockOutSchema = z
  .object({
    productId: idSchema,
    quantity: intSchema(1, 1_000_000),
    orderId: idSchema.optional(),
    price: intSchema(0, INT32_MAX).optional(),
    stock: intSchema(0, INT32_MAX).optional(),
    categoryId: idSchema.optional(),
    userId: idSchema.optional(),
  })
  .strict();
