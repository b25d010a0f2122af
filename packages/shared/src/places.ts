import { z } from 'zod';
import { latitudeQuerySchema, latitudeSchema, longitudeQuerySchema, longitudeSchema } from './stores.ts';

/**
 * Places (docs/decisions/0029-offline-reverse-geocoding.md): what the server derives from a latitude and a
 * longitude without any network call: the country (ISO 3166-1 alpha-2 code and its name in es and en), the
 * continent and the IANA time zone. At sea or outside every country there is no country and no continent,
 * but always a time zone (`Etc/GMT±N` over the oceans).
 */

/** Continents, by their usual two-letter codes (Africa, Antarctica, Asia, Europe, North and South America, Oceania). */
export const continentCodes = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;
export type ContinentCode = (typeof continentCodes)[number];

const localizedName = z.object({ es: z.string(), en: z.string() });

/** A position and what it lies in: the reverse-geocoding answer (the original brief's Geolocation entity, decision 0029). */
export const placeSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  /** ISO 3166-1 alpha-2 (ES, MX, US); null at sea or outside every country. */
  countryCode: z.string().nullable(),
  countryName: localizedName.nullable(),
  continent: z.enum(continentCodes).nullable(),
  continentName: localizedName.nullable(),
  /** IANA time zone (Europe/Madrid); over the sea a nautical zone (Etc/GMT+3). */
  timeZone: z.string(),
});
export type Place = z.infer<typeof placeSchema>;

/** The place kept with the profile, with when the position was saved. */
export const savedPlaceSchema = placeSchema.extend({ locatedAt: z.string() });
export type SavedPlace = z.infer<typeof savedPlaceSchema>;

/**
 * A position in a JSON body (`PUT /api/users/profile/position`): latitude in [-90, 90], longitude in
 * [-180, 180], JSON numbers; anything else is INVALID_COORDINATES.
 */
export const coordinatesSchema = z.object({ latitude: latitudeSchema, longitude: longitudeSchema }).strict();
export type Coordinates = z.infer<typeof coordinatesSchema>;
/** The same position as query parameters (`GET /api/places/reverse`): the numbers in decimal digits. */
export const coordinatesQuerySchema = z.object({ latitude: latitudeQuerySchema, longitude: longitudeQuerySchema }).strict();
