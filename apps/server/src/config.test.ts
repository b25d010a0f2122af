import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('reads the program calendar from the environment, with the spec defaults', () => {
    expect(loadConfig({}).calendar).toEqual({ timeZone: 'UTC', accrualStart: '11-01', accrualEnd: '09-30', redemptionEnd: '10-15' });
    expect(
      loadConfig({
        PROGRAM_TIMEZONE: 'America/Mexico_City',
        PROGRAM_ACCRUAL_START: '01-01',
        PROGRAM_ACCRUAL_END: '11-30',
        PROGRAM_REDEMPTION_END: '12-15',
      }).calendar,
    ).toEqual({ timeZone: 'America/Mexico_City', accrualStart: '01-01', accrualEnd: '11-30', redemptionEnd: '12-15' });
  });

  it('refuses to start with a calendar that cannot work, or a pool size out of range', () => {
    expect(() => loadConfig({ PROGRAM_REDEMPTION_END: '09-01' })).toThrow(/redemption window must end on or after/);
    expect(() => loadConfig({ PROGRAM_TIMEZONE: 'Nowhere/City' })).toThrow(/unknown time zone/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX/);
    expect(loadConfig({ DATABASE_POOL_MAX: '8' }).database.poolMax).toBe(8);
  });
});
