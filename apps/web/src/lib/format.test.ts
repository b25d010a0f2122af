import { afterEach, describe, expect, it } from 'vitest';
import { browserTimeZone, currentTimeZone, formatDateTime, formatTimeOfDay, setUserTimeZone } from './format';

afterEach(() => setUserTimeZone(null));

const order = '2026-03-02T23:30:00Z';

describe("dates in the user's time zone", () => {
  it("shows an instant in the zone of the user's saved position", () => {
    setUserTimeZone('Europe/Madrid');
    expect(currentTimeZone()).toBe('Europe/Madrid');
    // 23:30 UTC is already the next day in Madrid (UTC+1) and still the same evening in Mexico City (UTC-6).
    expect(formatDateTime(order)).toMatch(/^3 mar 2026, 12:30\sa\.\s?m\.$/);
    setUserTimeZone('America/Mexico_City');
    expect(formatDateTime(order)).toMatch(/^2 mar 2026, 5:30\sp\.\s?m\.$/);
    expect(formatTimeOfDay(order)).toMatch(/^5:30\sp\.\s?m\.\sGMT-6$/);
  });

  it('takes an explicit zone over the user one', () => {
    setUserTimeZone('Europe/Madrid');
    expect(formatDateTime(order, 'Asia/Tokyo')).toMatch(/^3 mar 2026, 8:30\sa\.\s?m\.$/);
  });

  it("falls back to the browser's zone without a saved position, or with a zone this browser does not know", () => {
    expect(currentTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    setUserTimeZone('Mars/Olympus_Mons');
    expect(currentTimeZone()).toBe(browserTimeZone());
    expect(formatDateTime(order)).toBe(formatDateTime(order, browserTimeZone()));
  });
});
