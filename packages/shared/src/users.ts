import { z } from 'zod';
import { roleValues, Role } from './enums.ts';

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

export function isAdminRole(role: number): boolean {
  return role === Role.Admin || role === Role.SuperAdmin;
}
