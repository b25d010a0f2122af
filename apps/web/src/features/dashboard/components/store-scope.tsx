import type { Store } from '@rewards/shared/stores';
import { useTranslation } from '@/lib/use-translation';

/** Which store the figures are for; a super administrator may also choose every store (`null`). */
export function StoreScope({
  stores,
  value,
  allowAll,
  onChange,
}: {
  stores: Store[];
  value: number | null;
  allowAll: boolean;
  onChange: (storeId: number | null) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-slate-700 sm:flex-row sm:items-center sm:gap-2">
      {t('scope.label')}
      <select
        className="w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 sm:w-auto"
        value={value ?? 'all'}
        onChange={(e) => onChange(e.target.value === 'all' ? null : Number(e.target.value))}
        data-testid="dashboard-store"
      >
        {allowAll && <option value="all">{t('scope.all')}</option>}
        {stores.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </select>
    </label>
  );
}
