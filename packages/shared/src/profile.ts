import { z } from 'zod';
import { idSchema, requiredId, textSchema } from './common.ts';
import { contactMethods, languages, OrderStatus } from './enums.ts';
import { savedPlaceSchema } from './places.ts';
import { CHOOSE_AN_OPTION, INVALID_POSTAL_CODE, POSTAL_CODE_PATTERN, profileBounds } from './profile-rules.ts';
import { latitudeSchema, longitudeSchema } from './stores.ts';

/**
 * Profile and preferences (docs/architecture.md P3, docs/decisions/0007-profile-and-mail.md): where the user
 * lives, how they want to be contacted (Teams or e-mail: "Correo"), their preferred category (a category
 * of their store's catalogue, so "recommended" products can use it) and whether their company has an
 * office in their city.
 */

/** How the user's store was set: `chosen` by the user (never overridden), else assigned at sign-in. */
export const storeSources = ['default', 'office', 'nearest', 'chosen'] as const;
export type StoreSource = (typeof storeSources)[number];

export * from './profile-rules.ts';

/** Required free text in the words of docs/architecture.md P5 ('Required field', 'Too short!', 'Too long!'). */
const required = (b: { min: number; max: number }) => textSchema(b.max, b.min);

/** An optional id from a form's select (its text): empty means none. */
const optionalId = z.preprocess((v) => (v === '' || v === undefined ? null : v), requiredId.nullable());

/** The web's preferences form: the ids of its selects as their text, empty for none. */
export const profileFormSchema = z
  .object({
    city: required(profileBounds.city),
    postalCode: required(profileBounds.postalCode).refine((v) => POSTAL_CODE_PATTERN.test(v), {
      message: INVALID_POSTAL_CODE,
    }),
    state: required(profileBounds.state),
    address: required(profileBounds.address),
    preferredContact: z.enum(contactMethods, { error: CHOOSE_AN_OPTION }),
    preferredCategoryId: optionalId,
    officeInCity: z.boolean({ error: CHOOSE_AN_OPTION }),
    /**
     * Opt-in (off by default): a notification when a new product appears in the preferred category
     * (docs/decisions/0035-product-news.md). Left out, the saved choice stays.
     */
    productNews: z.boolean().optional(),
    /** The store the user chooses; a chosen store is never replaced by the nearest one. */
    storeId: optionalId.optional(),
  })
  .strict();
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileForm = z.output<typeof profileFormSchema>;

/** `POST /api/users/profile`: the form's fields in JSON, the ids as JSON numbers (null: none). */
export const profileUpdateSchema = profileFormSchema
  .extend({ preferredCategoryId: idSchema.nullable().default(null), storeId: idSchema.nullable().optional() })
  .strict();

/** `GET /api/userPreferences`: the session user's saved preferences (nulls until the first save). */
export const userPreferencesSchema = z.object({
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  state: z.string().nullable(),
  address: z.string().nullable(),
  preferredContact: z.enum(contactMethods),
  preferredCategoryId: z.number().int().nullable(),
  officeInCity: z.boolean().nullable(),
  /** Notified of new products in the preferred category (false until the user opts in). */
  productNews: z.boolean(),
  storeId: z.number().int().nullable(),
  storeSource: z.enum(storeSources).nullable(),
  language: z.enum(languages).nullable(),
  /** When the user last saved the form; null for a profile never saved (a first sign-in). */
  savedAt: z.string().nullable(),
  /** The last saved position with its country, continent and time zone; null until one is saved. */
  place: savedPlaceSchema.nullable(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

/** An entry of the code lists (`/api/catalog/*`, `/api/userPreferences/contactPreferences`). */
export const catalogOptionSchema = z.object({
  id: z.number().int().nullable(),
  value: z.string(),
  label: z.object({ es: z.string(), en: z.string() }),
});
export type CatalogOption = z.infer<typeof catalogOptionSchema>;

/**
 * `GET /api/userPreferences/contactPreferences`: the methods, each with whether this installation can use
 * it (Teams only when configured, docs/decisions/0030-teams-channel.md).
 */
export const contactOptionSchema = catalogOptionSchema.extend({ available: z.boolean() });
export type ContactOption = z.infer<typeof contactOptionSchema>;

/** The profile categories of docs/architecture.md P9, by the slug the catalogue gives them in every store. */
export const profileCategories = [
  { value: 'deportes', label: { en: 'Sports', es: 'Deportes' } },
  { value: 'viajes', label: { en: 'Travel', es: 'Viajes' } },
  { value: 'mascotas', label: { en: 'Pets', es: 'Mascotas' } },
  { value: 'cuidado-personal', label: { en: 'Personal Care', es: 'Cuidado personal' } },
  { value: 'ocio', label: { en: 'Leisure', es: 'Ocio' } },
  { value: 'oficina', label: { en: 'Office', es: 'Oficina' } },
  { value: 'aire-libre', label: { en: 'Outdoors', es: 'Aire libre' } },
  { value: 'mochilas', label: { en: 'Backpacks', es: 'Mochilas' } },
  { value: 'hogar', label: { en: 'Home', es: 'Hogar' } },
  { value: 'electronica', label: { en: 'Electronics', es: 'Electrónica' } },
  { value: 'termos-y-tazas', label: { en: 'Thermoses and Mugs', es: 'Termos y tazas' } },
  { value: 'equipos', label: { en: 'Teams', es: 'Equipos' } },
] as const;

/** Preferred communication methods (docs/architecture.md P3: Teams, Correo). */
export const contactOptions = [
  { value: 'teams', label: { en: 'Teams', es: 'Teams' } },
  { value: 'email', label: { en: 'E-mail', es: 'Correo' } },
] as const satisfies readonly { value: (typeof contactMethods)[number]; label: { en: string; es: string } }[];

/** Order tracking statuses (docs/architecture.md A6), `GET /api/catalog/tracking`. */
export const trackingOptions = [
  { id: OrderStatus.Pending, value: 'pending', label: { en: 'Pending', es: 'Pendiente' } },
  { id: OrderStatus.InProgress, value: 'in_progress', label: { en: 'Approved', es: 'Aprobado' } },
  { id: OrderStatus.OnTheWay, value: 'on_the_way', label: { en: 'On the way', es: 'En camino' } },
  { id: OrderStatus.Completed, value: 'completed', label: { en: 'Delivered', es: 'Entregado' } },
  { id: OrderStatus.Canceled, value: 'canceled', label: { en: 'Canceled', es: 'Cancelado' } },
] as const;

/** `POST /api/users/store/nearest`: the browser's position. */
export const positionSchema = z.object({ latitude: latitudeSchema, longitude: longitudeSchema }).strict();
export type Position = z.infer<typeof positionSchema>;

/** What the nearest-store call did: `changed` only when the store was not chosen and another is nearer. */
export const nearestStoreResultSchema = z.object({
  storeId: z.number().int().nullable(),
  storeName: z.string().nullable(),
  changed: z.boolean(),
  storeSource: z.enum(storeSources).nullable(),
});
export type NearestStoreResult = z.infer<typeof nearestStoreResultSchema>;
