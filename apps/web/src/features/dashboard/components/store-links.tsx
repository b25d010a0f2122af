import { Link } from 'react-router';
import type { Store } from '@rewards/shared/stores';
import { useTranslation } from '@/lib/use-translation';

/** The stores this administrator runs; each opens its inventory. */
export function StoreLinks({ stores }: { stores: Store[] }) {
  const { t } = useTranslation('dashboard');
  if (stores.length === 0) return null;
  return (
    <section aria-labelledby="store-links-title" className="mt-8">
      <h2 id="store-links-title" className="mb-3 text-lg font-semibold text-slate-900">
        {t('stores.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {stores.map((s) => (
          <li key={s.id}>
            <Link
              to={`/admin/inventory/${s.id}`}
              className="block rounded-xl border border-slate-200 bg-white p-4 shadow-sm hover:border-indigo-400"
              data-testid="admin-store-card"
            >
              <span className="block font-semibold text-slate-900">{s.title}</span>
              <span className="text-sm text-slate-600">{s.location}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
