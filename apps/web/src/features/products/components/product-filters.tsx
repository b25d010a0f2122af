import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '@rewards/shared/categories';
import { Button } from '@/components/ui/button';

export interface ProductFilterValues {
  search?: string;
  categoryId?: number;
  active?: boolean;
  stock?: 'in' | 'out' | 'low';
  page: number;
}

/** The admin product list's search and filters; every change goes back to page 1. */
export function ProductFilters({
  filters,
  categories,
  onChange,
  children,
}: {
  filters: ProductFilterValues;
  categories: Category[];
  onChange: (patch: Partial<ProductFilterValues>) => void;
  /** Shown at the end of the bar (the "New product" button). */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  function search(e: FormEvent) {
    e.preventDefault();
    onChange({ search: draft.trim() || undefined, page: 1 });
  }
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <form role="search" onSubmit={search} className="flex gap-2">
        <label htmlFor="product-search" className="sr-only">
          {t('inventory.search')}
        </label>
        <input
          id="product-search"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('inventory.search')}
          className="w-56 rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
        <Button type="submit" variant="secondary">
          {t('users.searchButton')}
        </Button>
      </form>
      <label className="text-sm">
        <span className="sr-only">{t('fields.category')}</span>
        <select
          className="rounded-md border border-slate-300 px-2 py-2"
          value={filters.categoryId ?? ''}
          onChange={(e) => onChange({ categoryId: Number(e.target.value) || undefined, page: 1 })}
        >
          <option value="">{t('inventory.allCategories')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        <span className="sr-only">{t('inventory.status')}</span>
        <select
          className="rounded-md border border-slate-300 px-2 py-2"
          value={filters.active === undefined ? '' : String(filters.active)}
          onChange={(e) => onChange({ active: e.target.value === '' ? undefined : e.target.value === 'true', page: 1 })}
        >
          <option value="">{t('inventory.anyStatus')}</option>
          <option value="true">{t('status.active')}</option>
          <option value="false">{t('status.inactive')}</option>
        </select>
      </label>
      <label className="text-sm">
        <span className="sr-only">{t('inventory.stock')}</span>
        <select
          className="rounded-md border border-slate-300 px-2 py-2"
          value={filters.stock ?? ''}
          onChange={(e) => onChange({ stock: (e.target.value || undefined) as ProductFilterValues['stock'], page: 1 })}
        >
          <option value="">{t('inventory.anyStock')}</option>
          <option value="in">{t('inventory.inStock')}</option>
          <option value="low">{t('inventory.lowStock')}</option>
          <option value="out">{t('inventory.outOfStock')}</option>
        </select>
      </label>
      {children}
    </div>
  );
}
