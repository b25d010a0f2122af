import type { ActivityKind, FrequencyPeriod } from '@rewards/shared/enums';
import type { TFunction } from '@/lib/use-translation';

/**
 * A frequency limit as stored: "2 per year", "1 per month", "1 per day", or once per activity by its
 * kind: "once per class", "once per webinar" (rewards namespace).
 */
export function frequencyLabel(t: TFunction, limit: number, period: FrequencyPeriod, kind?: ActivityKind | null): string {
  if (period === 'activity') return t(`frequency.activity.${kind ?? 'activity'}`);
  const keys = { year: 'frequency.year', month: 'frequency.month', day: 'frequency.day' } as const;
  return t(keys[period], { limit });
}
