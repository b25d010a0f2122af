import { useState } from 'react';
import { languages, type Language } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { preloadLanguage, setLanguage } from '@/lib/i18n';
import { GlobeIcon } from '@/components/ui/icons';

/**
 * es/en switch; the choice is remembered for the next visit (docs/architecture.md P9). It works from the
 * first paint: a click shows the chosen language pressed at once, and the page follows as soon as its texts
 * in that language are there (they start loading when a pointer or the focus reaches the switch).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const [asked, setAsked] = useState<Language | null>(null);
  // Once the page is in the language asked for, the translator's language is the one shown.
  if (asked !== null && asked === i18n.language) setAsked(null);
  const shown = asked ?? (i18n.language as Language);
  const other = languages.find((lang) => lang !== i18n.language);
  const warmUp = () => other && preloadLanguage(other);
  return (
    <div
      className="inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white p-0.5"
      role="group"
      aria-label={t('language.label')}
      onPointerEnter={warmUp}
      onPointerDown={warmUp}
      onFocus={warmUp}
    >
      {/* Not on a phone, where the switch shares the search's row. */}
      <GlobeIcon className="ml-1.5 hidden h-4 w-4 text-slate-500 sm:block" />
      {languages.map((lang: Language) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          onClick={() => {
            setAsked(lang);
            void setLanguage(lang);
          }}
          aria-pressed={shown === lang}
          title={t(`language.${lang}`)}
          className={`rounded-full px-1.5 py-1 text-xs font-semibold uppercase sm:px-2 ${shown === lang ? 'bg-indigo-700 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
        >
          {lang}
        </button>
      ))}
    </div>
  );
}
