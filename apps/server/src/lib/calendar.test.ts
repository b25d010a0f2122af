import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultCalendar,
  endOfLocalDay,
  isAccrualOpen,
  isRedemptionOpen,
  localDate,
  programCalendar,
  startOfLocalDay,
  validateCalendar,
} from './calendar.ts';

const at = (iso: string) => new Date(iso);

describe('program calendar', () => {
  it('places a date in its program year with the default windows (1 Nov - 30 Sep, redeem to 15 Oct, expire 16 Oct)', () => {
    expect(programCalendar(at('2026-03-02T12:00:00Z'), defaultCalendar)).toEqual({
      timeZone: 'UTC',
      today: '2026-03-02',
      year: { from: '2025-11-01', to: '2026-10-31' },
      accrual: { from: '2025-11-01', to: '2026-09-30', open: true, closesAt: '2026-10-01T00:00:00.000Z' },
      redemption: { from: '2025-11-01', to: '2026-10-15', open: true, closesAt: '2026-10-16T00:00:00.000Z' },
      expiresOn: '2026-10-16',
      expired: false,
    });
    const november = programCalendar(at('2026-11-01T00:00:00Z'), defaultCalendar);
    expect(november.year).toEqual({ from: '2026-11-01', to: '2027-10-31' });
    expect(november.expiresOn).toBe('2027-10-16');
  });

  it('opens and closes each window on its boundary days', () => {
    expect(isAccrualOpen(at('2026-09-30T23:59:59Z'), defaultCalendar)).toBe(true);
    expect(isAccrualOpen(at('2026-10-01T00:00:00Z'), defaultCalendar)).toBe(false);
    expect(isRedemptionOpen(at('2026-10-15T23:59:59Z'), defaultCalendar)).toBe(true);
    expect(isRedemptionOpen(at('2026-10-16T00:00:00Z'), defaultCalendar)).toBe(false);
    expect(isRedemptionOpen(at('2026-10-31T23:59:59Z'), defaultCalendar)).toBe(false);
    expect(isRedemptionOpen(at('2026-11-01T00:00:00Z'), defaultCalendar)).toBe(true);
    expect(programCalendar(at('2026-10-16T00:00:00Z'), defaultCalendar).expired).toBe(true);
  });

  it('reads the dates in the program time zone', () => {
    const mexico = { ...defaultCalendar, timeZone: 'America/Mexico_City' };
    // 16 Oct 02:00 UTC is still 15 Oct in Mexico City; 1 Oct 03:00 UTC is still 30 Sep.
    expect(isRedemptionOpen(at('2026-10-16T02:00:00Z'), mexico)).toBe(true);
    expect(isAccrualOpen(at('2026-10-01T03:00:00Z'), mexico)).toBe(true);
    expect(isAccrualOpen(at('2026-10-01T07:00:00Z'), mexico)).toBe(false);
    // The instant each window closes, for readers in other zones: the start of the next local day.
    const calendar = programCalendar(at('2026-03-02T12:00:00Z'), mexico);
    expect(calendar.redemption.closesAt).toBe('2026-10-16T06:00:00.000Z');
    expect(calendar.accrual.closesAt).toBe('2026-10-01T06:00:00.000Z');
  });

  it('follows a configured calendar, including one aligned with the calendar year', () => {
    const calendarYear = { timeZone: 'UTC', accrualStart: '01-01', accrualEnd: '11-30', redemptionEnd: '12-15' };
    expect(programCalendar(at('2026-12-10T00:00:00Z'), validateCalendar(calendarYear))).toMatchObject({
      year: { from: '2026-01-01', to: '2026-12-31' },
      accrual: { to: '2026-11-30', open: false },
      redemption: { to: '2026-12-15', open: true },
      expiresOn: '2026-12-16',
    });
  });

  it('refuses calendars that cannot work', () => {
    expect(() => validateCalendar({ ...defaultCalendar, accrualEnd: '9-30' })).toThrow(/accrualEnd must be MM-DD/);
    expect(() => validateCalendar({ ...defaultCalendar, accrualStart: '02-30' })).toThrow(/MM-DD/);
    expect(() => validateCalendar({ ...defaultCalendar, timeZone: 'Mars/Olympus' })).toThrow(/time zone/);
    expect(() => validateCalendar({ ...defaultCalendar, redemptionEnd: '09-01' })).toThrow(/on or after the accrual/);
    expect(() => validateCalendar({ ...defaultCalendar, redemptionEnd: '10-31' })).toThrow(/expiry/);
  });
});

describe('startOfLocalDay', () => {
  it('finds the instant a local day begins, across daylight saving changes', () => {
    expect(startOfLocalDay('2026-03-02', 'UTC').toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(startOfLocalDay('2026-03-02', 'America/Mexico_City').toISOString()).toBe('2026-03-02T06:00:00.000Z');
    expect(startOfLocalDay('2026-07-01', 'Europe/Madrid').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfLocalDay('2026-01-15', 'Europe/Madrid').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfLocalDay('2026-03-29', 'Europe/Madrid').toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  /** [day, its first instant, its end (the next day's first instant)] in a zone. */
  const days = (timeZone: string, cases: [string, string, string][]) => {
    for (const [day, start, end] of cases) {
      expect(startOfLocalDay(day, timeZone).toISOString(), `${timeZone} ${day} starts`).toBe(start);
      expect(endOfLocalDay(day, timeZone).toISOString(), `${timeZone} ${day} ends`).toBe(end);
    }
  };

  it('America/Santiago 2026: 4 April lasts 25 hours (24:00 goes back to 23:00); 6 September starts at 01:00 (midnight is skipped)', () => {
    days('America/Santiago', [
      ['2026-04-04', '2026-04-04T03:00:00.000Z', '2026-04-05T04:00:00.000Z'],
      ['2026-04-05', '2026-04-05T04:00:00.000Z', '2026-04-06T04:00:00.000Z'],
      ['2026-09-05', '2026-09-05T04:00:00.000Z', '2026-09-06T04:00:00.000Z'],
      // Not 23:00 of the 5th (2026-09-06T03:00Z): that instant is still the 5th.
      ['2026-09-06', '2026-09-06T04:00:00.000Z', '2026-09-07T03:00:00.000Z'],
    ]);
    expect(localDate(new Date('2026-09-06T03:59:59.999Z'), 'America/Santiago')).toBe('2026-09-05');
  });

  it('Europe/Madrid 2026: 29 March lasts 23 hours, 25 October 25', () => {
    days('Europe/Madrid', [
      ['2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
      ['2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
    ]);
  });

  it('America/Mexico_City keeps UTC-6 all of 2026 (no daylight saving since 2022), Asia/Tokyo UTC+9', () => {
    days('America/Mexico_City', [
      ['2026-04-05', '2026-04-05T06:00:00.000Z', '2026-04-06T06:00:00.000Z'],
      ['2026-10-25', '2026-10-25T06:00:00.000Z', '2026-10-26T06:00:00.000Z'],
      ['2026-11-01', '2026-11-01T06:00:00.000Z', '2026-11-02T06:00:00.000Z'],
    ]);
    days('Asia/Tokyo', [
      ['2026-03-29', '2026-03-28T15:00:00.000Z', '2026-03-29T15:00:00.000Z'],
      ['2026-10-25', '2026-10-24T15:00:00.000Z', '2026-10-25T15:00:00.000Z'],
    ]);
  });

  it('in every IANA zone, a day starts at the first instant whose local date is that day, and the instant holds its own day', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    const instants = fc.integer({ min: Date.parse('2000-01-02T00:00:00Z'), max: Date.parse('2100-12-30T00:00:00Z') });
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (instant, timeZone) => {
        const day = localDate(new Date(instant), timeZone);
        const start = startOfLocalDay(day, timeZone).getTime();
        const end = endOfLocalDay(day, timeZone).getTime();
        expect(localDate(new Date(start), timeZone), `${timeZone} ${day}`).toBe(day);
        expect(localDate(new Date(start - 1), timeZone) < day, `${timeZone} ${day}: the instant before is the day before`).toBe(true);
        expect(start <= instant && instant < end, `${timeZone} ${day}: ${new Date(instant).toISOString()} in its day`).toBe(true);
      }),
      { seed: 44, numRuns: 3000 },
    );
  });

  it('in every IANA zone, the days around each clock change of 2026 start where their date begins', () => {
    const DAY = 86_400_000;
    let changes = 0;
    for (const timeZone of Intl.supportedValuesOf('timeZone')) {
      const offset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
      let before = offset.format(Date.parse('2025-12-31T12:00:00Z'));
      for (let t = Date.parse('2026-01-01T12:00:00Z'); t < Date.parse('2027-01-01T00:00:00Z'); t += DAY) {
        const now = offset.format(t);
        if (now === before) continue;
        before = now;
        changes++;
        for (const instant of [t - DAY, t - DAY / 2, t]) {
          const day = localDate(new Date(instant), timeZone);
          const start = startOfLocalDay(day, timeZone).getTime();
          if (localDate(new Date(start), timeZone) !== day || localDate(new Date(start - 1), timeZone) >= day) {
            expect.fail(`${timeZone} ${day} starts at ${new Date(start).toISOString()}`);
          }
        }
      }
    }
    expect(changes).toBeGreaterThan(100);
  }, 60_000);
});
