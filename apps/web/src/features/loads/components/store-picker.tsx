import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';

/** The store a loads page works on, when the administrator runs more than one. */
export function StorePicker({
  stores,
  value,
  onChange,
}: {
  stores: { id: number; title: string }[];
  value: number | undefined;
  onChange: (storeId: number) => void;
}) {
  const { t } = useTranslation('loads');
  const id = useId();
  if (stores.length < 2) return null;
  return (
    <span className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-slate-700">
        {t('store')}
      </label>
      <select
        id={id}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value))}
        data-testid="loads-store"
      >
        {stores.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title}
          </option>
        ))}
      </select>
    </span>
  );
}
