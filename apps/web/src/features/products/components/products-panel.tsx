import { useState, type ReactNode } from 'react';
import type { Category } from '@rewards/shared/categories';
import type { Product } from '@rewards/shared/products';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog, useConfirmAction } from '@/components/ui/confirm-action';
import { Dialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { useListFilters } from '@/components/ui/use-list-filters';
import { lazyForm } from '@/components/ui/lazy-form';
import { useContent } from '@/components/ui/localized';
import { useAdminProducts } from '../api/get-admin-products';
import { useProductAction } from '../api/product-action';
import { ProductFilters, type ProductFilterValues } from './product-filters';
import { ProductsTable } from './products-table';

// Loaded when its dialog first opens: the list page downloads neither the form nor react-hook-form.
const ProductForm = lazyForm(() => import('./product-form').then((m) => m.ProductForm));

/**
 * The products tab of /admin/inventory: filters, the table, and the dialogs to create, edit, restock
 * (`stockForm`, from the inventory feature) and confirm an action.
 */
export function ProductsPanel({
  storeId,
  categories,
  stockForm,
}: {
  storeId: number;
  categories: Category[];
  stockForm: (product: Product, onDone: () => void) => ReactNode;
}) {
  const { t } = useTranslation('admin');
  const content = useContent();
  const list = useListFilters<ProductFilterValues>({ page: 1 });
  const products = useAdminProducts({ storeId, pageSize: 20, ...list.filters });
  const action = useProductAction();
  const confirm = useConfirmAction((p) => action.mutateAsync(p));
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [stocking, setStocking] = useState<Product | null>(null);

  return (
    <>
      <ProductFilters filters={list.filters} search={list.search} categories={categories} onChange={list.set}>
        <Button className="ml-auto" onClick={() => setEditing('new')} disabled={categories.length === 0} data-testid="new-product">
          {t('inventory.newProduct')}
        </Button>
      </ProductFilters>
      <ProductsTable
        products={products.data}
        pending={products.isPending}
        fetching={products.isFetching}
        onStock={setStocking}
        onEdit={setEditing}
        onAction={(p, next) => confirm.setPending({ id: p.id, name: content(p, 'name').text, action: next })}
      />
      {products.data && <Pagination page={products.data.page} totalPages={products.data.totalPages} onChange={list.setPage} />}
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
            categories={categories}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
      <Dialog
        open={stocking !== null}
        title={t('stock.title', { name: stocking ? content(stocking, 'name').text : '' })}
        onClose={() => setStocking(null)}
        wide
      >
        {stocking && stockForm(stocking, () => setStocking(null))}
      </Dialog>
      <ConfirmActionDialog confirm={confirm} kind="Product" />
    </>
  );
}
