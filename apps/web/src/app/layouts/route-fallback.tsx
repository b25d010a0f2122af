import { useTranslation } from '@/lib/use-translation';

export function RouteFallback() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-6 py-10" aria-busy="true">
      <span className="sr-only">{t('loading')}</span>
      <div className="h-7 w-48 animate-pulse rounded bg-slate-200" />
      <div className="mt-6 h-40 animate-pulse rounded-lg bg-slate-100" />
    </div>
  );
}
