import { useTranslation } from '@/lib/use-translation';

export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('rewards');
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
    >
      {active ? t('status.active') : t('status.inactive')}
    </span>
  );
}
