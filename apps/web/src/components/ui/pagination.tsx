import { useTranslation } from '@/lib/use-translation';

export function Pagination({ page, totalPages, onChange }: { page: number; totalPages: number; onChange: (page: number) => void }) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const button = 'rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm disabled:opacity-40 hover:bg-slate-50';
  return (
    <nav className="mt-4 flex items-center justify-end gap-2" aria-label={t('pagination.label')}>
      <button type="button" className={button} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('pagination.previous')}
      </button>
      <span className="text-sm text-slate-600">{t('pagination.status', { page, totalPages })}</span>
      <button type="button" className={button} disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        {t('pagination.next')}
      </button>
    </nav>
  );
}
