import type { MovementPeriod } from '@rewards/shared/points';
import { downloadFile } from '@/lib/api';

/** The statement PDF of the period, in the user's language. */
export function downloadStatement(period: MovementPeriod) {
  const name = ['statement', period.from, period.to].filter(Boolean).join('_');
  return downloadFile('/accounts/myMovements', `${name}.pdf`, { ...period, format: 'pdf' });
}
