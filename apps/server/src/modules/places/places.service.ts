import type { Language } from '@rewards/shared/enums';
import type { ContinentCode, Coordinates, Place } from '@rewards/shared/places';

/**
 * Offline reverse geocoding (docs/decisions/0029-offline-reverse-geocoding.md): the country and continent
 * from `@rapideditor/country-coder`'s borders, the IANA time zone from `geo-tz`'s comprehensive boundaries,
 * the names in es and en from the ICU data Node carries (Intl.DisplayNames). No network call.
 *
 * Each library costs about 140 ms and some megabytes to load, so each loads on its first use, not at
 * start-up (a store's time zone needs only geo-tz).
 */

type CountryCoder = typeof import('@rapideditor/country-coder');
type GeoTz = typeof import('geo-tz/all');

/** UN M49 continental regions (and Antarctica's ISO code) as country-coder groups them, by continent. */
const continentByRegion: Record<string, ContinentCode> = {
  '002': 'AF',
  AQ: 'AN',
  '142': 'AS',
  '150': 'EU',
  '003': 'NA',
  '005': 'SA',
  '009': 'OC',
};

/** The M49 code whose localized name is the continent's (ICU names regions, not our two-letter codes). */
const regionOfContinent: Record<ContinentCode, string> = {
  AF: '002',
  AN: 'AQ',
  AS: '142',
  EU: '150',
  NA: '003',
  SA: '005',
  OC: '009',
};

/** Cells of geo-tz's boundary data kept decoded; without a bound its cache grows with every new region seen. */
const TZ_CACHE_CELLS = 256;

let countryCoder: Promise<CountryCoder> | null = null;
let geoTz: Promise<GeoTz> | null = null;

const loadCountries = () => (countryCoder ??= import('@rapideditor/country-coder'));
const loadZones = () =>
  (geoTz ??= import('geo-tz/all').then((zones) => {
    zones.setCache({ store: new BoundedCache(TZ_CACHE_CELLS) });
    return zones;
  }));

/** What a position lies in: country (null at sea), continent (null with it) and time zone (always one). */
export async function reverseGeocode(position: Coordinates): Promise<Place> {
  const [countries, zones] = await Promise.all([loadCountries(), loadZones()]);
  const { latitude, longitude } = position;
  const point: [number, number] = [longitude, latitude];
  const countryCode = countryOf(countries, point);
  const continent = countryCode === null ? null : continentOf(countries, point);
  return {
    latitude,
    longitude,
    countryCode,
    countryName: countryCode === null ? null : names(countryCode),
    continent,
    continentName: continent === null ? null : names(regionOfContinent[continent]),
    timeZone: zones.find(latitude, longitude)[0] ?? nauticalZone(longitude),
  };
}

/** The names a stored place is shown with: its codes, named again in both languages. */
export function namePlace(p: {
  latitude: number;
  longitude: number;
  countryCode: string | null;
  continent: ContinentCode | null;
  timeZone: string;
}): Place {
  return {
    ...p,
    countryName: p.countryCode === null ? null : names(p.countryCode),
    continentName: p.continent === null ? null : names(regionOfContinent[p.continent]),
  };
}

/** The time zone of a position alone (a store's coordinates); loads only geo-tz. */
export async function timeZoneAt(latitude: number, longitude: number): Promise<string> {
  const zones = await loadZones();
  return zones.find(latitude, longitude)[0] ?? nauticalZone(longitude);
}

/**
 * The ISO 3166-1 code of the country at a point: the territory's own code when ISO gives it one (Puerto
 * Rico PR, Greenland GL, Hong Kong HK), else the country's (the Canary Islands and Ceuta are ES).
 */
function countryOf(countries: CountryCoder, point: [number, number]): string | null {
  const territory = countries.feature(point, { level: 'territory' });
  if (territory?.properties.iso1A2 && territory.properties.isoStatus === 'official') return territory.properties.iso1A2;
  return countries.iso1A2Code(point);
}

function continentOf(countries: CountryCoder, point: [number, number]): ContinentCode | null {
  for (const f of countries.featuresContaining(point)) {
    const continent = continentByRegion[f.properties.id];
    if (continent) return continent;
  }
  return null;
}

const displayNames: Partial<Record<Language, Intl.DisplayNames>> = {};
function names(region: string): { es: string; en: string } {
  const of = (lang: Language) => (displayNames[lang] ??= new Intl.DisplayNames([lang], { type: 'region', fallback: 'code' })).of(region)!;
  return { es: of('es'), en: of('en') };
}

/** geo-tz answers an ocean zone everywhere; this only guards an empty answer (Etc/GMT signs are inverted). */
function nauticalZone(longitude: number): string {
  const hours = Math.round(longitude / 15);
  return hours === 0 ? 'Etc/GMT' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

/** A least-recently-used map with geo-tz's cache interface (get, set). */
class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): this {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value!);
    return this;
  }
}
