import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { toast } from '@/lib/toast';
import type { Category } from '@rewards/shared/categories';
import type { Product } from '@rewards/shared/products';
import { useAdminCategories, useCategoryAction, type CategoryAction } from '@/features/categories/api/admin-categories';
import { CategoryForm } from '@/features/categories/components/category-form';
import { StockForm } from '@/features/inventory/components/stock-form';
import { useAdminProducts, useProductAction, type ProductAction } from '@/features/products/api/admin-products';
import { ProductForm } from '@/features/products/components/product-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { Page } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { Tabs } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api';
import { formatPoints } from '@/lib/format';
import { variantUrl } from '@/lib/images';
import { useAdminStores } from '../../layouts/admin-layout';

/** /admin/inventory/{storeId}: products, and categories with tab=1. */
export default function AdminInventoryPage() {
  const { t } = useTranslation('admin');
  const storeId = Number(useParams().storeId);
  const [params, setParams] = useSearchParams();
  const stores = useAdminStores();
  const store = stores.find((s) => s.id === storeId);
  const tab = params.get('tab') === '1' ? '1' : '0';
  return (
    <Page title={store ? t('inventory.title', { store: store.title }) : t('pages.inventory.title')}>
      <Tabs
        label={t('inventory.tabs')}
        selected={tab}
        onSelect={(id) => setParams(id === '1' ? { tab: '1' } : {})}
        tabs={[
          { id: '0', label: t('inventory.products') },
          { id: '1', label: t('inventory.categories') },
        ]}
      />
      {tab === '1' ? <CategoriesPanel storeId={storeId} /> : <ProductsPanel storeId={storeId} />}
    </Page>
  );
}

function useConfirmable<A extends string>(run: (p: { id: number; action: A }) => Promise<unknown>) {
  const { t } = useTranslation('admin');
  const [pending, setPending] = useState<{ id: number; name: string; action: A } | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      await run({ id: pending.id, action: pending.action });
      toast.success(t(`messages.${pending.action}d`));
    } catch (err) {
      toast.error(t(`errors:${err instanceof ApiError ? err.code : 'INTERNAL_ERROR'}`));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }
  return { pending, setPending, busy, confirm };
}

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
    >
      {active ? t('status.active') : t('status.inactive')}
    </span>
  );
}

function ProductsPanel({ storeId }: { storeId: number }) {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<{
    search?: string;
    categoryId?: number;
    active?: boolean;
    stock?: 'in' | 'out' | 'low';
    page: number;
  }>({ page: 1 });
  const products = useAdminProducts({ storeId, pageSize: 20, ...filters });
  const categories = useAdminCategories({ storeId, pageSize: 100 });
  const action = useProductAction();
  const confirm = useConfirmable<ProductAction>((p) => action.mutateAsync(p));
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [stocking, setStocking] = useState<Product | null>(null);
  const categoryList = categories.data?.data ?? [];

  function search(e: FormEvent) {
    e.preventDefault();
    setFilters((f) => ({ ...f, search: draft.trim() || undefined, page: 1 }));
  }

  return (
    <>
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
            onChange={(e) => setFilters((f) => ({ ...f, categoryId: Number(e.target.value) || undefined, page: 1 }))}
          >
            <option value="">{t('inventory.allCategories')}</option>
            {categoryList.map((c) => (
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
            onChange={(e) => setFilters((f) => ({ ...f, active: e.target.value === '' ? undefined : e.target.value === 'true', page: 1 }))}
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
            onChange={(e) => setFilters((f) => ({ ...f, stock: (e.target.value || undefined) as typeof f.stock, page: 1 }))}
          >
            <option value="">{t('inventory.anyStock')}</option>
            <option value="in">{t('inventory.inStock')}</option>
            <option value="low">{t('inventory.lowStock')}</option>
            <option value="out">{t('inventory.outOfStock')}</option>
          </select>
        </label>
        <Button className="ml-auto" onClick={() => setEditing('new')} disabled={categoryList.length === 0} data-testid="new-product">
          {t('inventory.newProduct')}
        </Button>
      </div>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('fields.name')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('fields.category')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('fields.price')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('fields.stock')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('inventory.status')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('inventory.actions')}
              </th>
            </tr>
          </thead>
          <tbody aria-busy={products.isFetching}>
            {products.isPending && (
              <tr>
                <td colSpan={6} className="px-3 py-6">
                  <div className="h-4 animate-pulse rounded bg-slate-100" />
                </td>
              </tr>
            )}
            {products.data?.data.length === 0 && (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-slate-500">
                  {t('inventory.noProducts')}
                </td>
              </tr>
            )}
            {products.data?.data.map((p) => (
              <tr key={p.id} className="border-t border-slate-100">
                <td className="px-3 py-2">
                  <span className="flex items-center gap-2">
                    {p.images[0] && <img src={variantUrl(p.images[0].url, 300)} alt="" className="h-9 w-9 rounded object-cover" />}
                    <span className="font-medium text-slate-900">{p.name}</span>
                    {p.featured && <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">{t('fields.featured')}</span>}
                  </span>
                </td>
                <td className="px-3 py-2 text-slate-600">{p.categoryTitle}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatPoints(p.price)}</td>
                <td className={`px-3 py-2 text-right tabular-nums ${p.stock === 0 ? 'font-semibold text-rose-700' : ''}`}>{p.stock}</td>
                <td className="px-3 py-2">
                  <StatusBadge active={p.active} />
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap">
                  <Button variant="ghost" onClick={() => setStocking(p)}>
                    {t('inventory.stockAction')}
                  </Button>
                  <Button variant="ghost" onClick={() => setEditing(p)}>
                    {t('inventory.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => confirm.setPending({ id: p.id, name: p.name, action: p.active ? 'deactivate' : 'activate' })}
                  >
                    {p.active ? t('inventory.deactivate') : t('inventory.activate')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="text-rose-700"
                    onClick={() => confirm.setPending({ id: p.id, name: p.name, action: 'delete' })}
                  >
                    {t('inventory.delete')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {products.data && (
        <Pagination
          page={products.data.page}
          totalPages={products.data.totalPages}
          onChange={(page) => setFilters((f) => ({ ...f, page }))}
        />
      )}
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('inventory.newProduct') : t('inventory.editProduct')}
        onClose={() => setEditing(null)}
        wide
      >
        {editing !== null && (
          <ProductForm
            storeId={storeId}
            product={editing === 'new' ? undefined : editing}
            categories={categoryList}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
      <Dialog open={stocking !== null} title={t('stock.title', { name: stocking?.name ?? '' })} onClose={() => setStocking(null)} wide>
        {stocking && <StockForm storeId={storeId} product={stocking} onDone={() => setStocking(null)} />}
      </Dialog>
      <ConfirmDialog
        open={confirm.pending !== null}
        title={t(`confirm.${confirm.pending?.action ?? 'delete'}Title`)}
        message={t(`confirm.${confirm.pending?.action ?? 'delete'}Product`, { name: confirm.pending?.name ?? '' })}
        confirmLabel={t(`inventory.${confirm.pending?.action ?? 'delete'}`)}
        danger={confirm.pending?.action !== 'activate'}
        busy={confirm.busy}
        onConfirm={() => void confirm.confirm()}
        onClose={() => confirm.setPending(null)}
      />
    </>
  );
}

function CategoriesPanel({ storeId }: { storeId: number }) {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const categories = useAdminCategories({ storeId, page, pageSize: 20 });
  const action = useCategoryAction();
  const confirm = useConfirmable<CategoryAction>((p) => action.mutateAsync(p));
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setEditing('new')} data-testid="new-category">
          {t('inventory.newCategory')}
        </Button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy={categories.isFetching}>
        {categories.data?.data.map((c) => (
          <li key={c.id} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3">
            {c.picture && <img src={variantUrl(c.picture, 300)} alt="" className="h-16 w-16 shrink-0 rounded-md object-cover" />}
            <div className="min-w-0 flex-1">
              <div className="flex items-center gap-2">
                <span className="truncate font-semibold text-slate-900">{c.title}</span>
                <StatusBadge active={c.active} />
              </div>
              <p className="line-clamp-2 text-xs text-slate-600">{c.description}</p>
              <div className="mt-1 flex flex-wrap gap-1">
                <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(c)}>
                  {t('inventory.edit')}
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  onClick={() => confirm.setPending({ id: c.id, name: c.title, action: c.active ? 'deactivate' : 'activate' })}
                >
                  {c.active ? t('inventory.deactivate') : t('inventory.activate')}
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-rose-700"
                  onClick={() => confirm.setPending({ id: c.id, name: c.title, action: 'delete' })}
                >
                  {t('inventory.delete')}
                </Button>
              </div>
            </div>
          </li>
        ))}
      </ul>
      {categories.data?.data.length === 0 && <p className="text-slate-600">{t('inventory.noCategories')}</p>}
      {categories.data && <Pagination page={categories.data.page} totalPages={categories.data.totalPages} onChange={setPage} />}
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('inventory.newCategory') : t('inventory.editCategory')}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <CategoryForm storeId={storeId} category={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Dialog>
      <ConfirmDialog
        open={confirm.pending !== null}
        title={t(`confirm.${confirm.pending?.action ?? 'delete'}Title`)}
        message={t(`confirm.${confirm.pending?.action ?? 'delete'}Category`, { name: confirm.pending?.name ?? '' })}
        confirmLabel={t(`inventory.${confirm.pending?.action ?? 'delete'}`)}
        danger={confirm.pending?.action !== 'activate'}
        busy={confirm.busy}
        onConfirm={() => void confirm.confirm()}
        onClose={() => confirm.setPending(null)}
      />
    </>
  );
}
