import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { TFunction, Translator } from './translator';

export type { TFunction, TOptions } from './translator';
/** The translator as components and tests hold it (i18next's name for it). */
export type I18n = Translator;

const Context = createContext<Translator | null>(null);
let appTranslator: Translator | null = null;

/** The app's translator, for components rendered outside any `I18nProvider` (the app renders none). */
export function setAppTranslator(translator: Translator) {
  appTranslator = translator;
}

/** Another translator for what it wraps (tests: one per file). */
export function I18nProvider({ i18n, children }: { i18n: Translator; children: ReactNode }) {
  return <Context.Provider value={i18n}>{children}</Context.Provider>;
}

/**
 * `t` for the namespace `ns` (the first of a list; the others are loaded too, for `ns:key`) in the current
 * language. Suspends while a namespace of that language loads; renders again when the language changes.
 */
export function useTranslation(ns?: string | readonly string[]): { t: TFunction; i18n: Translator } {
  const i18n = useContext(Context) ?? appTranslator;
  if (!i18n) throw new Error('useTranslation needs a translator: setAppTranslator or I18nProvider');
  const lng = useSyncExternalStore(i18n.subscribe, i18n.getLanguage);
  const list = ns === undefined ? [i18n.defaultNS] : typeof ns === 'string' ? [ns] : ns;
  const first = list[0] ?? i18n.defaultNS;
  const t = useMemo(() => i18n.getFixedT(lng, first), [i18n, lng, first]);
  const missing = list.filter((n) => !i18n.hasLoaded(n, lng));
  // Suspense waits for a thrown promise (as react-i18next did).
  if (missing.length > 0) throw i18n.loadNamespaces(missing, lng);
  return { t, i18n };
}
