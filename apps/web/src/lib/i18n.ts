import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, languages, type Language } from '@rewards/shared/enums';
import { errorMessages } from '@rewards/shared/errors';

const STORAGE_KEY = 'lang';

/** Every locales/<lang>/<namespace>.json, bundled (they are small). */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

function resourcesFor(lang: Language) {
  const namespaces: Record<string, Record<string, unknown>> = {};
  for (const [file, mod] of Object.entries(files)) {
    const match = /locales\/(\w+)\/(\w+)\.json$/.exec(file);
    if (match && match[1] === lang) namespaces[match[2]!] = mod.default;
  }
  // API error messages live with their codes in packages/shared.
  namespaces.errors = Object.fromEntries(Object.entries(errorMessages).map(([code, text]) => [code, text[lang]]));
  return namespaces;
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return languages.includes(value as Language) ? (value as Language) : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

void i18n.use(initReactI18next).init({
  resources: { es: resourcesFor('es'), en: resourcesFor('en') },
  lng: storedLanguage(),
  fallbackLng: defaultLanguage,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
document.documentElement.lang = i18n.language;

export function currentLanguage(): Language {
  return (i18n.language as Language) ?? defaultLanguage;
}

/** Switches language and remembers it for the next visit. */
export async function setLanguage(lang: Language) {
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* private mode: the choice lasts this visit */
  }
}

export default i18n;
