import { useTranslation } from '@/lib/use-translation';

const known: Record<string, string> = {
  'Required field': 'validation.required',
  'Too short!': 'validation.tooShort',
  'Too long!': 'validation.tooLong',
  'Must not be zero': 'validation.notZero',
};

/** The shared schemas speak the English messages of docs/architecture.md P5; this shows them in the user's language. */
export function useFieldMessage() {
  const { t } = useTranslation();
  return (message: string | undefined): string | undefined => {
    if (!message) return undefined;
    const key = known[message];
    if (key) return t(key);
    if (/expected number|Invalid input|received NaN/i.test(message)) return t('validation.number');
    if (/>=|too small|at least/i.test(message)) return t('validation.tooSmall');
    if (/<=|too big|at most/i.test(message)) return t('validation.tooBig');
    return message;
  };
}
