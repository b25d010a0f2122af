import { useState } from 'react';
import { OrderStatus } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import type { AdminOrderFilters as Filters } from '../api/get-admin-orders';

const input = 'rounded-md border border-slate-300 px-2 py-1.5 text-sm';

/** Customer search, status, current or archived orders, store (when there are several) and a date range; a reversed range is flagged. */
export function AdminOrderFilters({
  filters,
  stores,
  onChange,
}: {
  filters: Filters;
  stores: { id: number; title: string }[];
  onChange: (patch: Partial<Filters>) => void;
}) {
  const { t } = useTranslation('admin');
  const [search, setSearch] = useState('');
  const badRange = Boolean(filters.from && filters.to && filters.from > filters.to);
  return (
    <form
      className="mb-4 flex flex-wrap items-end gap-3 text-sm"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ search: search.trim() || undefined });
      }}
    >
      <label className="flex flex-col gap-1">
        {t('orders.customer')}
        <span className="flex gap-2">
          <input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('orders.customerPlaceholder')}
            className={`${input} w-56`}
            maxLength={100}
          />
          <Button type="submit" variant="secondary" className="py-1.5">
            {t('users.searchButton')}
          </Button>
        </span>
      </label>
      <label className="flex flex-col gap-1">
        {t('inventory.status')}
        <select className={input} value={filters.status ?? ''} onChange={(e) => onChange({ status: Number(e.target.value) || undefined })}>
          <option value="">{t('inventory.anyStatus')}</option>
          {Object.values(OrderStatus).map((s) => (
            <option key={s} value={s}>
              {t(`orders.status.${s}`, { ns: 'common' })}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1">
        {t('orders.admin.show')}
        <select
          className={input}
          value={filters.archived ? 'archived' : ''}
          onChange={(e) => onChange({ archived: e.target.value === 'archived' || undefined })}
          data-testid="archived-filter"
        >
          <option value="">{t('orders.admin.showCurrent')}</option>
          <option value="archived">{t('orders.admin.showArchived')}</option>
        </select>
      </label>
      {stores.length > 1 && (
        <label className="flex flex-col gap-1">
          {t('orders.store')}
          <select
            className={input}
            value={filters.storeId ?? ''}
            onChange={(e) => onChange({ storeId: Number(e.target.value) || undefined })}
          >
            <option value="">{t('orders.allStores')}</option>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
      )}
      {(['from', 'to'] as const).map((end) => (
        <div key={end} className="flex w-44 flex-col gap-1">
          <label htmlFor={`order-filter-${end}`}>{t(`orders.${end}Date`)}</label>
          <DateInput
            id={`order-filter-${end}`}
            className={input}
            value={filters[end] ?? ''}
            aria-invalid={badRange || undefined}
            onChange={(value) => onChange({ [end]: value || undefined })}
          />
        </div>
      ))}
      {badRange && (
        <p role="alert" className="font-medium text-rose-700">
          {t('orders.badRange')}
        </p>
      )}
    </form>
  );
}
