import { Link } from 'react-router';
import type { Dashboard } from '@rewards/shared/dashboard';
import { useTranslation } from '@/lib/use-translation';
import { formatPoints } from '@/lib/format';
import { Localized, useContent } from '@/components/ui/localized';

/** Active products running out, fewest first, each linking to its store's inventory. */
export function LowStockList({ data, storeTitle }: { data: Dashboard; storeTitle?: (storeId: number) => string | undefined }) {
  const { t } = useTranslation('dashboard');
  const content = useContent();
  const { lowStock } = data;
  const more = lowStock.count - lowStock.products.length;
  return (
    <section
      aria-labelledby="low-stock-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      data-testid="low-stock"
    >
      <h2 id="low-stock-title" className="text-base font-semibold text-slate-900">
        {t('lowStock.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-600">{t('lowStock.subtitle', { threshold: lowStock.threshold })}</p>
      {lowStock.products.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-4 py-6 text-center text-sm text-slate-600">{t('lowStock.empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {lowStock.products.map((p) => {
            const store = storeTitle?.(p.storeId);
            return (
              <li key={p.productId} className="flex items-center justify-between gap-3 py-2" data-testid="low-stock-item">
                <span className="min-w-0">
                  <Localized
                    as={Link}
                    to={`/admin/inventory/${p.storeId}`}
                    className="font-medium text-indigo-700 underline-offset-2 hover:underline"
                    aria-label={t('lowStock.open', { name: content(p, 'name').text })}
                    value={content(p, 'name')}
                  />
                  {store && <span className="block truncate text-xs text-slate-600">{store}</span>}
                </span>
                <span
                  className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ${p.stock === 0 ? 'bg-rose-100 text-rose-800' : 'bg-amber-100 text-amber-900'}`}
                >
                  {p.stock === 0 ? t('lowStock.soldOut') : t('lowStock.units', { count: p.stock, formatted: formatPoints(p.stock) })}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {more > 0 && <p className="mt-2 text-sm text-slate-600">{t('lowStock.more', { count: more, formatted: formatPoints(more) })}</p>}
    </section>
  );
}
