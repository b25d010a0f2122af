import { describe, expect, it } from 'vitest';
import { namePlace, reverseGeocode, timeZoneAt } from './places.service.ts';

describe('offline reverse geocoding', () => {
  it('places Madrid in Spain, Europe, Europe/Madrid, named in both languages', async () => {
    expect(await reverseGeocode({ latitude: 40.4168, longitude: -3.7038 })).toEqual({
      latitude: 40.4168,
      longitude: -3.7038,
      countryCode: 'ES',
      countryName: { es: 'España', en: 'Spain' },
      continent: 'EU',
      continentName: { es: 'Europa', en: 'Europe' },
      timeZone: 'Europe/Madrid',
    });
  });

  it('places Mexico City and New York in North America with their own zones', async () => {
    expect(await reverseGeocode({ latitude: 19.4326, longitude: -99.1332 })).toMatchObject({
      countryCode: 'MX',
      countryName: { es: 'México', en: 'Mexico' },
      continent: 'NA',
      continentName: { es: 'América del Norte', en: 'North America' },
      timeZone: 'America/Mexico_City',
    });
    expect(await reverseGeocode({ latitude: 40.7128, longitude: -74.006 })).toMatchObject({
      countryCode: 'US',
      countryName: { es: 'Estados Unidos', en: 'United States' },
      continent: 'NA',
      timeZone: 'America/New_York',
    });
  });

  it('gives no country and no continent at sea, but a nautical time zone', async () => {
    // The middle of the North Atlantic, 45° W: three hours behind UTC (the Etc sign is inverted).
    expect(await reverseGeocode({ latitude: 30, longitude: -45 })).toEqual({
      latitude: 30,
      longitude: -45,
      countryCode: null,
      countryName: null,
      continent: null,
      continentName: null,
      timeZone: 'Etc/GMT+3',
    });
  });

  it('tells border towns apart: Irun (Spain) and Hendaye (France) across the Bidasoa', async () => {
    expect(await reverseGeocode({ latitude: 43.339, longitude: -1.789 })).toMatchObject({ countryCode: 'ES', timeZone: 'Europe/Madrid' });
    expect(await reverseGeocode({ latitude: 43.36, longitude: -1.774 })).toMatchObject({
      countryCode: 'FR',
      countryName: { es: 'Francia', en: 'France' },
      continent: 'EU',
      timeZone: 'Europe/Paris',
    });
  });

  it('tells Ciudad Juárez from El Paso, whose clocks split in 2022 (the time-zone data is that recent)', async () => {
    expect(await reverseGeocode({ latitude: 31.6904, longitude: -106.4245 })).toMatchObject({
      countryCode: 'MX',
      timeZone: 'America/Ciudad_Juarez',
    });
    expect(await reverseGeocode({ latitude: 31.7619, longitude: -106.485 })).toMatchObject({
      countryCode: 'US',
      timeZone: 'America/Denver',
    });
  });

  it("names a territory by its own ISO code when it has one, and a country's other parts by the country", async () => {
    expect(await reverseGeocode({ latitude: 18.4, longitude: -66.06 })).toMatchObject({
      countryCode: 'PR',
      countryName: { es: 'Puerto Rico', en: 'Puerto Rico' },
      continent: 'NA',
      timeZone: 'America/Puerto_Rico',
    });
    // The Canary Islands: Spain (ISO reserves IC only exceptionally), with their own zone.
    expect(await reverseGeocode({ latitude: 28.1235, longitude: -15.4363 })).toMatchObject({
      countryCode: 'ES',
      timeZone: 'Atlantic/Canary',
    });
  });

  it('names a stored place again from its codes, and finds a store’s zone from its coordinates alone', async () => {
    expect(namePlace({ latitude: 1, longitude: 2, countryCode: 'ES', continent: 'EU', timeZone: 'Europe/Madrid' })).toMatchObject({
      countryName: { es: 'España', en: 'Spain' },
      continentName: { es: 'Europa', en: 'Europe' },
    });
    expect(namePlace({ latitude: 30, longitude: -45, countryCode: null, continent: null, timeZone: 'Etc/GMT+3' })).toMatchObject({
      countryName: null,
      continentName: null,
    });
    expect(await timeZoneAt(25.68, -100.31)).toBe('America/Monterrey');
  });

  it('answers a warm lookup in well under a millisecond', async () => {
    await reverseGeocode({ latitude: 40.4168, longitude: -3.7038 });
    const start = performance.now();
    for (let i = 0; i < 200; i++) await reverseGeocode({ latitude: 40.4168, longitude: -3.7038 });
    expect((performance.now() - start) / 200).toBeLessThan(1);
  });
});
