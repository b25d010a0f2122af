import { languages, type Language } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { setLanguage } from '@/lib/i18n';
import { GlobeIcon } from '@/components/ui/icons';

/** es/en switch; the choice is remembered for the next visit. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div
      className="inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white p-0.5"
      role="group"
      aria-label={t('language.label')}
    >
      <GlobeIcon className="ml-1.5 h-4 w-4 text-slate-500" />
      {languages.map((lang: Language) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          onClick={() => void setLanguage(lang)}
          aria-pressed={i18n.language === lang}
          title={t(`language.${lang}`)}
          className={`rounded-full px-2 py-1 text-xs font-semibold uppercase ${i18n.language === lang ? 'bg-indigo-700 text-white' : 'text-slate-600 hover:bg-slate-100'}`}
        >
          {lang}
        </button>
      ))}
    </div>
  );
}
