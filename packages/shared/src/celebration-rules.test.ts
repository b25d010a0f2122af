import { describe, expect, it } from 'vitest';
import { anniversaryPoints, celebratedOn, DEFAULT_CELEBRATIONS, isLeapYear, isMonthDay } from './celebration-rules.ts';

describe('isMonthDay', () => {
  it("accepts every day of a leap year as 'MM-DD' and nothing else", () => {
    for (const ok of ['01-01', '02-29', '04-30', '12-31', '09-09']) expect(isMonthDay(ok), ok).toBe(true);
    for (const bad of ['02-30', '04-31', '13-01', '00-10', '01-00', '1-01', '01-1', '2026-01-01', '01/01', '', ' 01-01'])
      expect(isMonthDay(bad), bad).toBe(false);
  });
});

describe('celebratedOn', () => {
  it('is the same month and day in the year asked', () => {
    expect(celebratedOn('03-15', 2026, 'feb28')).toBe('2026-03-15');
    expect(celebratedOn('12-31', 2027, 'mar1')).toBe('2027-12-31');
    expect(celebratedOn('02-28', 2027, 'mar1')).toBe('2027-02-28');
  });

  it("moves 29 February to the store's day in a common year only", () => {
    expect(celebratedOn('02-29', 2027, 'feb28')).toBe('2027-02-28');
    expect(celebratedOn('02-29', 2027, 'mar1')).toBe('2027-03-01');
    expect(celebratedOn('02-29', 2028, 'feb28')).toBe('2028-02-29');
    expect(celebratedOn('02-29', 2028, 'mar1')).toBe('2028-02-29');
    expect(celebratedOn('02-29', 2100, 'mar1')).toBe('2100-03-01');
    expect(celebratedOn('02-29', 2000, 'feb28')).toBe('2000-02-29');
    expect([2024, 2000].every(isLeapYear)).toBe(true);
    expect([2026, 1900, 2100].some(isLeapYear)).toBe(false);
  });

  it('refuses a month-day or a year that does not exist', () => {
    expect(() => celebratedOn('02-30', 2028, 'feb28')).toThrow(RangeError);
    expect(() => celebratedOn('2026-03-15', 2026, 'feb28')).toThrow(RangeError);
    expect(() => celebratedOn('03-15', 0, 'feb28')).toThrow(RangeError);
    expect(() => celebratedOn('03-15', 2026.5, 'feb28')).toThrow(RangeError);
  });
});

describe('anniversaryPoints', () => {
  it("gives a milestone's points on its year and the store's anniversary points otherwise", () => {
    expect(anniversaryPoints(5, DEFAULT_CELEBRATIONS)).toBe(500);
    expect(anniversaryPoints(10, DEFAULT_CELEBRATIONS)).toBe(1000);
    expect(anniversaryPoints(1, DEFAULT_CELEBRATIONS)).toBe(100);
    expect(anniversaryPoints(6, DEFAULT_CELEBRATIONS)).toBe(100);
    expect(anniversaryPoints(3, { anniversaryPoints: 0, milestones: { 3: 30 } })).toBe(30);
    expect(anniversaryPoints(4, { anniversaryPoints: 0, milestones: { 3: 30 } })).toBe(0);
    expect(anniversaryPoints(5, { anniversaryPoints: 100, milestones: { 5: 0 } })).toBe(0);
  });

  it('refuses a number of years that is not a whole year of service', () => {
    expect(() => anniversaryPoints(0, DEFAULT_CELEBRATIONS)).toThrow(RangeError);
    expect(() => anniversaryPoints(1.5, DEFAULT_CELEBRATIONS)).toThrow(RangeError);
  });

  it('keeps the defaults of a store without settings', () => {
    expect(DEFAULT_CELEBRATIONS).toMatchObject({
      localHour: 8,
      birthdayPoints: 50,
      anniversaryPoints: 100,
      welcomePoints: 100,
      feb29: 'feb28',
    });
    expect(DEFAULT_CELEBRATIONS.milestones).toEqual({ 5: 500, 10: 1000 });
  });
});
