import { defaultLanguage, type Language } from '@rewards/shared/enums';
import { errorMessages, type ErrorCode } from '@rewards/shared/errors';

/** The request's language from Accept-Language (the web sends the one the user chose). */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return defaultLanguage;
  for (const part of acceptLanguage.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'es' || tag === 'en') return tag;
  }
  return defaultLanguage;
}

export function errorMessage(code: ErrorCode, lang: Language): string {
  return errorMessages[code][lang];
}
