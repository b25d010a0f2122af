import { afterEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@rewards/shared/enums';
import { formatPoints } from '@/lib/format';
import * as i18n from '@/lib/i18n';
import { formatBucket } from './format';
import { dashboardScope } from './scope';

describe('dashboardScope', () => {
  const superAdmin = { role: Role.SuperAdmin, adminStores: [] };
  const admin = { role: Role.Admin, adminStores: [3, 5] };

  it('gives a super administrator every store unless one is named', () => {
    expect(dashboardScope(null, superAdmin)).toBeNull();
    expect(dashboardScope('all', superAdmin)).toBeNull();
    expect(dashboardScope('7', superAdmin)).toBe(7);
    expect(dashboardScope('7x', superAdmin)).toBeNull();
  });

  it('keeps an administrator to their own stores, the first by default, never every store', () => {
    expect(dashboardScope(null, admin)).toBe(3);
    expect(dashboardScope('all', admin)).toBe(3);
    expect(dashboardScope('5', admin)).toBe(5);
    expect(dashboardScope('7', admin)).toBe(3);
    expect(dashboardScope('0', admin)).toBe(3);
    expect(dashboardScope(null, { role: Role.Admin, adminStores: [] })).toBeUndefined();
  });
});

describe('dashboard formatting in both languages', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    ['es', 'nov 25', 'noviembre de 2025', '3 nov', '3 nov 2025'],
    ['en', 'Nov 25', 'November 2025', 'Nov 3', 'Nov 3, 2025'],
  ] as const)('%s: months and weeks on the axis and in the table', (lang, monthShort, monthLong, weekShort, weekLong) => {
    vi.spyOn(i18n, 'currentLanguage').mockReturnValue(lang);
    expect(formatBucket('2025-11-01', 'month', 'short').replace('.', '')).toBe(monthShort);
    expect(formatBucket('2025-11-01', 'month', 'long')).toBe(monthLong);
    expect(formatBucket('2025-11-03', 'week', 'short').replace('.', '')).toBe(weekShort);
    expect(formatBucket('2025-11-03', 'week', 'long').replace('.', '')).toBe(weekLong);
    expect(formatPoints(1234567)).toBe('1,234,567');
  });
});
