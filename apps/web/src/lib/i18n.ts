import { defaultLanguage, languages, type Language } from '@rewards/shared/enums';
import { Translator } from './translator';
import { setAppTranslator } from './use-translation';

const STORAGE_KEY = 'lang';

/**
 * Every namespace is a chunk of its own: the shell's texts (common: header, footer, menus, alerts, product
 * cards, what several pages share) of the reader's language load before the first render (the server names
 * that chunk in the page's HTML, so it comes with the entry); a page's own texts (about, faq, points, cart,
 * wishlist, orders, profile, login, logout…) with that page, from its `firstData`; the other language's
 * when the reader switches; admin texts with the admin area.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** The server reads the language from a cookie to ask the API for a page's first data in it (lib/page-data.ts). */
function rememberForServer(lang: Language) {
  document.cookie = `${STORAGE_KEY}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

/** The language the reader chose with the switch, if they ever did. */
function chosenLanguage(): Language | undefined {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return languages.includes(value as Language) ? (value as Language) : undefined;
  } catch {
    return undefined;
  }
}

/** The first of the browser's languages (most wanted first) the app has: es for es-*, en for en-*; else es. */
export function browserLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const lang = tag.trim().slice(0, 2).toLowerCase();
    if (languages.includes(lang as Language)) return lang as Language;
  }
  return defaultLanguage;
}

/**
 * The language a visit opens in: the reader's choice with the switch, else the browser's
 * (`navigator.languages`), as the server picks it for the page's HTML from the same list sent as
 * `Accept-Language` when there is no `lang` cookie (apps/server/src/lib/language.ts, `pickLanguage`).
 */
export function openingLanguage(): Language {
  const chosen = chosenLanguage();
  if (chosen) return chosen;
  if (typeof navigator === 'undefined') return defaultLanguage;
  return browserLanguage(navigator.languages?.length ? navigator.languages : [navigator.language ?? '']);
}

const i18n = new Translator({
  lng: openingLanguage(),
  defaultNS: 'common',
  load: async (lang, ns) => {
    // API error messages live with their codes in packages/shared, a chunk loaded with the first error.
    if (ns === 'errors') {
      const { errorMessages } = await import('@rewards/shared/errors');
      return Object.fromEntries(Object.entries(errorMessages).map(([code, text]) => [code, text[lang as Language] ?? text.es]));
    }
    const load = files[`../locales/${lang}/${ns}.json`];
    if (!load) throw new Error(`missing locale ${lang}/${ns}`);
    return (await load()).default;
  },
});
setAppTranslator(i18n);

/** Ready once the common namespace of the stored language is loaded; render after it. */
export const i18nReady = i18n.loadNamespaces('common').then(() => {
  document.documentElement.lang = i18n.language;
  rememberForServer(i18n.language as Language);
});

/**
 * The API's error messages (every code, both languages: ~5 KB) are not in the first paint: the API client
 * loads them before it rejects with an error, and a component that shows one of its own asks for the
 * `errors` namespace with `useTranslation` (decision 0028).
 */
export function loadErrorTexts(): Promise<void> {
  return i18n.loadNamespaces('errors');
}

export function currentLanguage(): Language {
  return (i18n.language as Language) ?? defaultLanguage;
}

/** Starts loading the texts a switch to `lang` needs (the switch asks as a pointer or the focus reaches it). */
export function preloadLanguage(lang: Language): void {
  void i18n.preload(lang);
}

/**
 * Switches language (loading its texts) and remembers it for the next visit, remembered first: a page
 * left or reloaded while the texts still load opens in the chosen language.
 */
export async function setLanguage(lang: Language) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    /* private mode: the choice lasts this visit */
  }
  rememberForServer(lang);
  await i18n.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export default i18n;
