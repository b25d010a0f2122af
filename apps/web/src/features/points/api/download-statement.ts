import type { Language } from '@rewards/shared/enums';
import type { MovementPeriod } from '@rewards/shared/points';
import { downloadFile } from '@/lib/api';

/** The file's name in the reader's language: `estado-de-cuenta_2025-11-01.pdf`, `statement_2025-11-01.pdf`. */
const fileName: Record<Language, string> = { es: 'estado-de-cuenta', en: 'statement' };

/** The statement PDF of the period, in the user's language (the API words it from the request's). */
export function downloadStatement(period: MovementPeriod, lang: Language) {
  const name = [fileName[lang], period.from, period.to].filter(Boolean).join('_');
  return downloadFile('/accounts/myMovements', `${name}.pdf`, { ...period, format: 'pdf' });
}
