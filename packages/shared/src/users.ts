import { z } from 'zod';
import {
  boolish,
  idSchema,
  intSchema,
  paginationSchema,
  queryId,
  queryInt,
  reasonSchema,
  requiredInt,
  requiredSignedChange,
  signedChangeSchema,
  textSchema,
} from './common.ts';
import { hireDateSchema, monthDaySchema } from './celebrations.ts';
import { Role, roleValues } from './enums.ts';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS, EMPLOYEE_ID_MAX } from './user-rules.ts';

export * from './user-rules.ts';

export const roleSchema = z.union(roleValues.map((r) => z.literal(r)));

/** The session user of docs/architecture.md P3, as `GET /api/users/profile/` returns it. */
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
  /** The work photo (the provider's `picture`, or Microsoft Graph's), stored as an upload; null: show initials. */
  profilePictureUrl: z.string().nullable(),
  isStore: z.boolean(),
  adminStores: z.array(z.number().int()),
  active: z.number().int(),
  /** The IANA time zone of the user's saved position (docs/decisions/0029-offline-reverse-geocoding.md); null until one is saved. */
  timeZone: z.string().nullable(),
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
  /** The IS: the employee id of docs/architecture.md P3, unique when set. */
  is: z.string().nullable(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/**
 * `GET /api/users/all` filters: store (one the administrator runs), role, active, and a search on name
 * and e-mail. Administrators see the users of their stores; super administrators, everyone.
 */
export const userListQuerySchema = z
  .object({
    page: paginationSchema.shape.page,
    pageSize: paginationSchema.shape.pageSize,
    storeId: queryId.optional(),
    search: textSchema(120).optional(),
    role: queryInt(Role.User, Role.SuperAdmin).optional(),
    active: boolish.optional(),
  })
  .strict();
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** `GET /api/users/deactivated`: the same filters, inactive users only. */
export const deactivatedUsersQuerySchema = userListQuerySchema.omit({ active: true });

/** `GET /api/users/one/{id}`: one user, as an administrator of their store sees them. */
export const userDetailSchema = userListItemSchema.extend({
  storeName: z.string().nullable(),
  is: z.string().nullable(),
  contact: z.string().nullable(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** 'MM-DD', never a year (docs/architecture.md A6.17); null: not given. */
  birthday: z.string().nullable(),
  /** 'YYYY-MM-DD'; null: not given. */
  hireDate: z.string().nullable(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/**
 * The role part of `PUT /api/users/{id}` (super administrators only): role and the stores an administrator
 * runs. The legacy call also sends `id`, which must then be the one in the path.
 */
export const userRoleUpdateSchema = z
  .object({
    id: idSchema.optional(),
    role: roleSchema,
    adminStores: z.array(idSchema).max(100).default([]),
  })
  .strict();
export type UserRoleUpdate = z.infer<typeof userRoleUpdateSchema>;

/**
 * `PUT /api/users/{id}`: a person's dates, for the administrators of their store and super administrators
 * (birthday 'MM-DD' or null to clear it, hire date 'YYYY-MM-DD' or null; docs/architecture.md A6.17), and
 * their role and administered stores, for super administrators only (FORBIDDEN otherwise; `adminStores`
 * only with `role`, and then [] when left out). What is left out stays; at least one field
 * (NOTHING_TO_CHANGE).
 */
export const userUpdateSchema = z
  .object({
    id: idSchema.optional(),
    role: roleSchema.optional(),
    adminStores: z.array(idSchema).max(100).optional(),
    birthday: monthDaySchema.nullable().optional(),
    hireDate: hireDateSchema.nullable().optional(),
  })
  .strict();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

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
/** The web's points form (the user is the page's): the change as the field's text; empty is 'Required field'. */
export const userPointsFormSchema = z.object({ value: requiredSignedChange, description: reasonSchema }).strict();
export const userPointsResultSchema = z.object({ data: z.object({ userId: z.number().int(), value: z.number().int() }) });

/** A personal API token as its owner sees it: never the secret, never its hash. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the secret, to tell tokens apart. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `POST /api/users/tokens`: a new token for the session user, living `days` days. */
export const apiTokenCreateSchema = z
  .object({
    name: textSchema(80, 1),
    days: intSchema(1, API_TOKEN_MAX_DAYS).default(API_TOKEN_DEFAULT_DAYS),
  })
  .strict();
export type ApiTokenCreate = z.infer<typeof apiTokenCreateSchema>;
/** The web's token form: the same fields, with the days as the field's text. */
export const apiTokenFormSchema = z
  .object({
    name: textSchema(80, 1),
    days: requiredInt(1, API_TOKEN_MAX_DAYS).default(API_TOKEN_DEFAULT_DAYS),
  })
  .strict();

/** The answer to a new token: the secret, shown this once. */
export const apiTokenCreatedSchema = apiTokenSchema.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/**
 * `POST /api/users/auth` (the original brief's login payload, docs/architecture.md P7). Sign-in itself is the
 * OpenID Connect flow (`/api/auth/login` → `/api/auth/callback`), which creates or fetches the user; this call
 * lets a signed-in client read its backend user record the way docs/architecture.md P7 describes it. The e-mail
 * must be the caller's own: a client cannot assert an identity, only confirm the one its session carries.
 */
export const userAuthSchema = z
  .object({
    email: textSchema(254, 3).pipe(z.email()),
    name: textSchema(120).optional(),
    lastName: textSchema(120).nullish(),
    ipaddr: textSchema(64).nullish(),
    officeLocation: textSchema(200).nullish(),
  })
  .strict();
export type UserAuth = z.infer<typeof userAuthSchema>;

/**
 * The original brief's backend user response (docs/architecture.md P7): `active` (1 = active) and `new`
 * (first sign-in: the SPA goes to /myProfile).
 */
export const backendUserSchema = z.object({
  id: z.number().int(),
  active: z.number().int(),
  name: z.string(),
  email: z.string(),
  storeId: z.number().int().nullable(),
  points: z.number().int(),
  is: z.string().nullable(),
  role: roleSchema,
  contact: z.string().nullable(),
  livesAtSameGDCLocation: z.boolean(),
  new: z.boolean(),
});
export type BackendUser = z.infer<typeof backendUserSchema>;

/**
 * An IS (the employee id of docs/architecture.md P3; the inactive-user message asks to verify it): letters and
 * digits, with dots, hyphens or underscores between them, up to 40 characters; unique among users
 * (trimmed, any case: IS_TAKEN). Empty clears it.
 */
export const employeeIdSchema = textSchema(EMPLOYEE_ID_MAX)
  .refine((v) => v === '' || /^[A-Za-z0-9]([A-Za-z0-9._-]*[A-Za-z0-9])?$/.test(v), {
    message: 'Only letters, digits, and . - _ between them',
  })
  .transform((v) => v || null);

/** `PUT /api/users/is/{id}`: an administrator of the user's store corrects their IS. */
export const userIsUpdateSchema = z.object({ is: z.union([employeeIdSchema, z.null().transform(() => null)]) }).strict();
export type UserIsUpdate = z.infer<typeof userIsUpdateSchema>;

/** Where people turn when they cannot sign in (SUPPORT_CONTACT): an e-mail address or a web address. */
export const supportContactSchema = z.object({
  contact: z.object({ kind: z.enum(['email', 'url']), value: z.string(), href: z.string() }).nullable(),
});
export type SupportContact = z.infer<typeof supportContactSchema>;
