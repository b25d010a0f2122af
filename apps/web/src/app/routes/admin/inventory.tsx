import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useAdminCategories } from '@/features/categories/api/get-admin-categories';
import { CategoriesPanel } from '@/features/categories/components/categories-panel';
import { ProductsPanel } from '@/features/products/components/products-panel';
import { Page } from '@/components/ui/page';
import { Tabs } from '@/components/ui/tabs';
import { lazyForm } from '@/components/ui/lazy-form';
import { useAdminStores } from '../../layouts/admin-layout';
import { StoreAccess } from '../../layouts/components/store-access';

// Loaded when its dialog first opens: the list page downloads neither the form nor react-hook-form.
const StockForm = lazyForm(() => import('@/features/inventory/components/stock-form').then((m) => m.StockForm));

/** /admin/inventory/{storeId}: products, and categories with tab=1. */
export default function AdminInventoryPage() {
  const { t } = useTranslation('admin');
  const storeId = Number(useParams().storeId);
  const [params, setParams] = useSearchParams();
  const stores = useAdminStores();
  const store = stores.find((s) => s.id === storeId);
  const tab = params.get('tab') === '1' ? '1' : '0';
  return (
    <StoreAccess storeId={storeId} section={(id) => `/admin/inventory/${id}${tab === '1' ? '?tab=1' : ''}`}>
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
        {tab === '1' ? <CategoriesPanel storeId={storeId} /> : <ProductsTab storeId={storeId} />}
      </Page>
    </StoreAccess>
  );
}

/** The products tab with the store's categories (filter and form) and the stock dialog of the inventory feature. */
function ProductsTab({ storeId }: { storeId: number }) {
  const categories = useAdminCategories({ storeId, pageSize: 100 });
  return (
    <ProductsPanel
      storeId={storeId}
      categories={categories.data?.data ?? []}
      stockForm={(product, onDone) => <StockForm storeId={storeId} product={product} onDone={onDone} />}
    />
  );
}
