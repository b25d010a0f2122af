import { useTranslation } from '@/lib/use-translation';

/** 'Active' / 'Inactive' pill of the admin lists (products, categories, banners). */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
    >
      {active ? t('status.active') : t('status.inactive')}
    </span>
  );
}
