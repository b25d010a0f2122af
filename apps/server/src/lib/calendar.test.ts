import { describe, expect, it } from 'vitest';
import { defaultCalendar, isAccrualOpen, isRedemptionOpen, programCalendar, startOfLocalDay, validateCalendar } from './calendar.ts';

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
});
