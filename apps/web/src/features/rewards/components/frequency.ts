import type { TFunction } from 'i18next';
import type { FrequencyPeriod } from '@rewards/shared/enums';

/** A frequency limit as stored: "2 per year", "1 per month", "1 per day" (rewards namespace). */
export function frequencyLabel(t: TFunction<'rewards'>, limit: number, period: FrequencyPeriod): string {
  const keys = { year: 'frequency.year', month: 'frequency.month', day: 'frequency.day' } as const;
  return t(keys[period], { limit });
}
