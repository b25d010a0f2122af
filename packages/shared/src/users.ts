import { z } from 'zod';
import { idSchema, paginationSchema, reasonSchema, signedChangeSchema, textSchema } from './common.ts';
import { roleValues } from './enums.ts';

export const roleSchema = z.union(roleValues.map((r) => z.literal(r)));

/** The session user of SPEC.md section 3, as `GET /api/users/profile/` returns it. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastName: z.string().nullable(),
  email: z.string(),
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  points: z.number().int(),
  is: z.string().nullable(),
  contact: z.string().nullable(),
  livesAtSameGDCLocation: z.boolean(),
  role: roleSchema,
  permissions: z.array(z.string()),
  profilePictureUrl: z.string(),
  isStore: z.boolean(),
  adminStores: z.array(z.number().int()),
  active: z.number().int(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** Counts shown as badges in the shop header. */
export const headerCountsSchema = z.object({
  cart: z.number().int(),
  wishlist: z.number().int(),
  notifications: z.number().int(),
});
export type HeaderCounts = z.infer<typeof headerCountsSchema>;

/** A row of the administrators' user list. */
export const userListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastName: z.string().nullable(),
  email: z.string(),
  storeId: z.number().int().nullable(),
  points: z.number().int(),
  role: roleSchema,
  isStore: z.boolean(),
  active: z.number().int(),
  adminStores: z.array(z.number().int()),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

export const userListQuerySchema = z
  .object({
    page: paginationSchema.shape.page,
    pageSize: paginationSchema.shape.pageSize,
    storeId: idSchema.optional(),
    search: textSchema(120).optional(),
  })
  .strict();
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** `PUT /api/users/{id}` (super administrators only): role and the stores an administrator runs. */
export const userRoleUpdateSchema = z
  .object({
    role: roleSchema,
    adminStores: z.array(idSchema).max(100).default([]),
  })
  .strict();
export type UserRoleUpdate = z.infer<typeof userRoleUpdateSchema>;

/**
 * Legacy `POST /api/users/points` (administrators of the user's store): a load (positive, only in the
 * accrual window) or an adjustment (negative, never below 0). Answers the new balance, the sum of the ledger.
 */
export const userPointsSchema = z
  .object({
    userId: idSchema,
    value: signedChangeSchema,
    description: reasonSchema,
  })
  .strict();
export const userPointsResultSchema = z.object({ data: z.object({ userId: z.number().int(), value: z.number().int() }) });
