import { z } from 'zod';
import { CART_MAX_QUANTITY } from './constants.ts';
import {
  amountSchema,
  boolish,
  dateSchema,
  idSchema,
  INT32_MAX,
  intSchema,
  paginationSchema,
  queryId,
  queryInt,
  reasonSchema,
  textSchema,
} from './common.ts';

/** Allowed moves and editable statuses (docs/architecture.md A6) live in the zod-free order-rules.ts. */
export * from './order-rules.ts';

export const orderLineInputSchema = z.object({ productId: idSchema, quantity: intSchema(1, CART_MAX_QUANTITY) }).strict();

/** The most lines one `POST /api/orders` may carry (each a different product). */
export const ORDER_MAX_LINES = 50;

/**
 * `POST /api/orders`: buy now (`lines`) or the whole cart (`fromCart`). Each product appears once, so
 * a line's quantity is the product's quantity and the cap of CART_MAX_QUANTITY holds per product: a
 * repeated product id is refused (400, `lines.<i>.productId`), never added up.
 */
export const orderCreateSchema = z
  .union([
    z.object({ lines: z.array(orderLineInputSchema).min(1).max(ORDER_MAX_LINES) }).strict(),
    z.object({ fromCart: z.literal(true) }).strict(),
  ])
  .superRefine((value, ctx) => {
    if (!('lines' in value)) return;
    const seen = new Set<number>();
    value.lines.forEach((line, i) => {
      if (seen.has(line.productId))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'productId'], message: 'This product is already in another line' });
      seen.add(line.productId);
    });
  });
export type OrderCreate = z.infer<typeof orderCreateSchema>;

export const orderLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  /** The product's name in Spanish and English (docs/architecture.md A6.15). */
  name: z.string(),
  nameEn: z.string(),
  picture: z.string().nullable(),
  quantity: z.number().int(),
  price: z.number().int(),
  status: z.number().int(),
});

/** What an administrator's edit changed: each line's quantity (`to` 0: removed) and the comment. */
export const orderEditChangesSchema = z.object({
  lines: z.array(
    z.object({
      lineId: z.number().int(),
      productId: z.number().int(),
      /** The product's names when the edit was made ('' for a language not written, and for English in edits made before names had two languages). */
      name: z.string(),
      nameEn: z.string(),
      from: z.number().int(),
      to: z.number().int(),
    }),
  ),
  comment: z.object({ from: z.string().nullable(), to: z.string().nullable() }).nullable(),
});
export type OrderEditChanges = z.infer<typeof orderEditChangesSchema>;

/** One step of an order's timeline: a status move, or an administrator's edit (`edit`, with the reason as `cause`). */
export const orderTrackingSchema = z.object({
  id: z.number().int(),
  status: z.number().int(),
  cause: z.string().nullable(),
  comment: z.string().nullable(),
  /** Who wrote the step: the customer for the first one, the administrator for moves and edits. */
  by: z.string().nullable(),
  /** An edit: what changed and the customer's points it moved (positive: refunded, negative: debited). */
  edit: z.object({ points: z.number().int(), changes: orderEditChangesSchema }).nullable(),
  createdAt: z.string(),
});
export type OrderTracking = z.infer<typeof orderTrackingSchema>;

export const orderSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  customer: z.object({ name: z.string(), email: z.string() }),
  storeId: z.number().int(),
  status: z.number().int(),
  total: z.number().int(),
  /** The administrators' comment for the customer (set by an edit). */
  comment: z.string().nullable(),
  /** Hidden from the administrators' lists unless they ask for archived orders; the customer still sees it. */
  archived: z.boolean(),
  createdAt: z.string(),
  lines: z.array(orderLineSchema),
  tracking: z.array(orderTrackingSchema),
});
export type Order = z.infer<typeof orderSchema>;

export const orderMoveSchema = z
  .object({
    status: intSchema(2, 5),
    cause: textSchema(200).optional(),
    comment: textSchema(1000).optional(),
  })
  .strict();

export const orderListQuerySchema = paginationSchema
  .extend({
    status: queryInt(1, 5).optional(),
    storeId: queryId.optional(),
    userId: queryId.optional(),
    /** The customer's name or e-mail contains this (administrators). */
    search: textSchema(100).optional(),
    from: dateSchema.optional(),
    to: dateSchema.optional(),
    /** Archived orders only (true); without it, or false, the orders that are not archived. */
    archived: boolish.optional(),
  })
  .strict();

/** `GET /api/orders/tracking/{id}`: the timeline the web shows. */
export const orderTimelineSchema = z.object({ idOrder: z.number().int(), track: z.array(orderTrackingSchema) });
export type OrderTimeline = z.infer<typeof orderTimelineSchema>;

/**
 * `POST /api/orders/edit` (administrators of the order's store): new quantities of some lines (0 removes
 * the line; at most CART_MAX_QUANTITY, as when ordering), the comment for the customer ('' clears it),
 * and the reason, which the customer sees on the timeline. Each line at most once.
 */
export const orderEditSchema = z
  .object({
    orderId: idSchema,
    lines: z
      .array(z.object({ lineId: idSchema, quantity: intSchema(0, CART_MAX_QUANTITY) }).strict())
      .max(ORDER_MAX_LINES)
      .default([]),
    comment: textSchema(1000).optional(),
    reason: reasonSchema,
  })
  .strict()
  .superRefine((value, ctx) => {
    const seen = new Set<number>();
    value.lines.forEach((line, i) => {
      if (seen.has(line.lineId))
        ctx.addIssue({ code: 'custom', path: ['lines', i, 'lineId'], message: 'This line is already in the list' });
      seen.add(line.lineId);
    });
  });
export type OrderEdit = z.infer<typeof orderEditSchema>;
export type OrderEditInput = z.input<typeof orderEditSchema>;

/** Larger quantities are not refused: they are capped at the stock and at 5 (docs/architecture.md P5). */
export const cartAddSchema = z.object({ productId: idSchema, quantity: intSchema(1, 1000).default(1) }).passthrough();
export const cartUpdateSchema = z.object({ quantity: intSchema(1, 1000) }).passthrough();
export const cartRemoveSchema = z.object({ ids: z.array(idSchema).min(1).max(100) }).passthrough();

export const cartLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  quantity: z.number().int(),
  product: z.object({
    name: z.string(),
    nameEn: z.string(),
    slug: z.string(),
    price: z.number().int(),
    stock: z.number().int(),
    categoryId: z.number().int(),
    picture: z.string().nullable(),
  }),
});
export type CartLine = z.infer<typeof cartLineSchema>;

/** The cart as loaded, with the adjustments made on load (docs/architecture.md P5). */
export const cartSchema = z.object({
  data: z.array(cartLineSchema),
  total: z.number().int(),
  warnings: z.array(
    z.object({ code: z.enum(['REMOVED_NO_STOCK', 'QUANTITY_LOWERED']), productId: z.number().int(), name: z.string(), nameEn: z.string() }),
  ),
});
export type Cart = z.infer<typeof cartSchema>;

/** A cart line as added or updated (`POST /api/shoppingCart`, `PUT /api/shoppingCart/{id}`). */
export const cartLineResultSchema = z.object({ id: z.number().int(), quantity: z.number().int() });
export type CartLineResult = z.infer<typeof cartLineResultSchema>;

/** Buy again (`POST /api/shoppingCart/fromOrder/{id}`): what came back into the cart, and what did not and why. */
export const buyAgainResultSchema = z.object({
  added: z.array(z.number().int()),
  skipped: z.array(
    z.object({
      productId: z.number().int(),
      name: z.string(),
      nameEn: z.string(),
      code: z.enum(['ALREADY_IN_CART', 'OUT_OF_STOCK', 'NOT_AVAILABLE_IN_STORE']),
    }),
  ),
});
export type BuyAgainResult = z.infer<typeof buyAgainResultSchema>;

/**
 * Legacy `POST /api/orders/orderDetail` (administrators only): one more line on a pending order. `stock`
 * and `categoryId` are accepted for compatibility and ignored (the server reads them from the product);
 * `price`, `userId` and `status`, when sent, must match what the server holds.
 */
export const orderDetailCreateSchema = z
  .object({
    orderId: idSchema,
    productId: idSchema,
    quantity: intSchema(1, 1000),
    price: amountSchema.optional(),
    stock: intSchema(0, INT32_MAX).optional(),
    categoryId: idSchema.optional(),
    userId: idSchema.optional(),
    status: intSchema(1, 5).optional(),
  })
  .strict();
