import { z } from 'zod';
import { bounds } from './constants.ts';
import { boundedText, idSchema, numberSchema, paginationSchema, queryId, queryNumber, requiredNumber, textSchema } from './common.ts';

/** A store (office) of docs/architecture.md P3. */
export const storeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  location: z.string(),
  lat: z.number(),
  long: z.number(),
  /** The office's code in the company directory (matched against a new user's office location). */
  sedeId: z.string().nullable(),
  inventoryId: z.string().nullable(),
  active: z.boolean(),
  /** The IANA time zone of the store's coordinates, derived offline (docs/decisions/0029-offline-reverse-geocoding.md). */
  timeZone: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

/** Which stores `GET /api/stores` lists: active ones for everyone; administrators may ask for inactive or all. */
export const storeStatuses = ['active', 'inactive', 'all'] as const;
export type StoreStatus = (typeof storeStatuses)[number];

export const storeListQuerySchema = paginationSchema
  .extend({
    search: textSchema(120).optional(),
    status: z.enum(storeStatuses).default('active'),
  })
  .strict();
export type StoreListQuery = z.infer<typeof storeListQuerySchema>;

/** Bounds of a store's address and directory codes. */
export const storeBounds = {
  location: { min: 3, max: 300 },
  code: { max: 40 },
} as const;

/** A latitude or a longitude in a JSON body: a JSON number in [-90, 90] or [-180, 180]. */
export const latitudeSchema = numberSchema(-90, 90);
export const longitudeSchema = numberSchema(-180, 180);
/** The same in a query string (`-33.45`). */
export const latitudeQuerySchema = queryNumber(-90, 90);
export const longitudeQuerySchema = queryNumber(-180, 180);
/** The same in a form: an empty field is 'Required field'. */
const latitudeField = requiredNumber(-90, 90);
const longitudeField = requiredNumber(-180, 180);

/** An optional directory code: empty means none. */
const code = textSchema(storeBounds.code.max)
  .optional()
  .nullable()
  .transform((v) => v || null);

/**
 * `POST /api/stores` (super administrators): title, location, lat, long, and the optional directory
 * codes. The legacy call's `createdBy` and `modifiedBy` are accepted and ignored: the author is the session user.
 */
export const storeFormSchema = z
  .object({
    title: boundedText(bounds.name),
    location: boundedText(storeBounds.location),
    lat: latitudeSchema,
    long: longitudeSchema,
    sedeId: code,
    inventoryId: code,
    createdBy: idSchema.optional(),
    modifiedBy: idSchema.optional(),
  })
  .strict();
export type StoreForm = z.infer<typeof storeFormSchema>;

/** `PUT /api/stores/{id}`: any of the form's fields (the legacy call sends title, sedeId, inventoryId), and `active`. */
export const storeUpdateSchema = storeFormSchema.partial().extend({ active: z.boolean().optional() }).strict();
export type StoreUpdate = z.infer<typeof storeUpdateSchema>;

/** The store dialog of the admin area: the form's fields and, when editing, `active`. */
export const storeEditSchema = storeFormSchema
  .omit({ createdBy: true, modifiedBy: true })
  .extend({ lat: latitudeField, long: longitudeField, active: z.boolean() });

/** `GET /api/stores/user/`: the session user's store, or (administrators) that of `userId`. */
export const userStoreQuerySchema = z.object({ userId: queryId.optional() }).strict();

/** What keeps a store from being deleted (`STORE_IN_USE` details): how many rows of each kind name it. */
export const storeUsageSchema = z.object({
  users: z.number().int(),
  administrators: z.number().int(),
  products: z.number().int(),
  categories: z.number().int(),
  orders: z.number().int(),
  other: z.number().int(),
});
export type StoreUsage = z.infer<typeof storeUsageSchema>;
