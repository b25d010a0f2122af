import { defaultLanguage, type Language } from '@rewards/shared/enums';
import { errorMessages, fillErrorMessage, type ErrorCode } from '@rewards/shared/errors';

/** The request's language from Accept-Language (the web sends the one the user chose). */
export function pickLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return defaultLanguage;
  for (const part of acceptLanguage.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'es' || tag === 'en') return tag;
  }
  return defaultLanguage;
}

/**
 * The code's message in `lang`, its placeholders filled from the error's details (a message addressed to an
 * administrator names whom or what it is about: packages/shared/src/errors.ts). A placeholder without a
 * value reads as "?" rather than failing the answer.
 */
export function errorMessage(code: ErrorCode, lang: Language, details?: unknown): string {
  const text = errorMessages[code][lang];
  return fillErrorMessage(text, details, lang) ?? text.replace(/\{\{\w+\}\}/g, '?');
}
