import type { Category } from '@rewards/shared/categories';
import { useTranslation } from '@/lib/use-translation';
import { ActiveFilter, FilterSelect, SearchForm } from '@/components/ui/list-toolbar';
import { markedText, useContent } from '@/components/ui/localized';
import type { ListSearch } from '@/components/ui/use-list-filters';

export interface ProductFilterValues {
  search?: string;
  categoryId?: number;
  active?: boolean;
  stock?: 'in' | 'out' | 'low';
  page: number;
}

/** The admin product list's search and filters (state from `useListFilters`, so every change goes back to page 1). */
export function ProductFilters({
  filters,
  search,
  categories,
  onChange,
  children,
}: {
  filters: ProductFilterValues;
  search: ListSearch;
  categories: Category[];
  onChange: (patch: Partial<ProductFilterValues>) => void;
  /** Shown at the end of the bar (the "New product" button). */
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('admin');
  const content = useContent();
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <SearchForm id="product-search" label={t('inventory.search')} button={t('users.searchButton')} {...search} />
      <FilterSelect
        label={t('fields.category')}
        value={filters.categoryId ?? ''}
        onChange={(v) => onChange({ categoryId: Number(v) || undefined })}
      >
        <option value="">{t('inventory.allCategories')}</option>
        {categories.map((c) => (
          <option key={c.id} value={c.id}>
            {markedText(content(c, 'title'))}
          </option>
        ))}
      </FilterSelect>
      <ActiveFilter
        label={t('inventory.status')}
        any={t('inventory.anyStatus')}
        active={t('status.active')}
        inactive={t('status.inactive')}
        value={filters.active}
        onChange={(active) => onChange({ active })}
      />
      <FilterSelect
        label={t('inventory.stock')}
        value={filters.stock ?? ''}
        onChange={(v) => onChange({ stock: (v || undefined) as ProductFilterValues['stock'] })}
      >
        <option value="">{t('inventory.anyStock')}</option>
        <option value="in">{t('inventory.inStock')}</option>
        <option value="low">{t('inventory.lowStock')}</option>
        <option value="out">{t('inventory.outOfStock')}</option>
      </FilterSelect>
      {children}
    </div>
  );
}
