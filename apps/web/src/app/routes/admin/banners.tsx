import { useState } from 'react';
import { useParams } from 'react-router';
import type { Banner } from '@rewards/shared/banners';
import { useTranslation } from '@/lib/use-translation';
import { BannersPanel } from '@/features/banners/components/banners-panel';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../../layouts/admin-layout';
import { StoreAccess } from '../../layouts/components/store-access';

/** /admin/banners/{storeId}: the store's home banners. */
export default function AdminBannersPage() {
  const { t } = useTranslation('admin');
  const storeId = Number(useParams().storeId);
  const store = useAdminStores().find((s) => s.id === storeId);
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  return (
    <StoreAccess storeId={storeId} section={(id) => `/admin/banners/${id}`}>
      <Page
        title={store ? t('banners.title', { store: store.title }) : t('pages.banners.title')}
        actions={<Button onClick={() => setEditing('new')}>{t('banners.new')}</Button>}
      >
        <BannersPanel storeId={storeId} editing={editing} onEdit={setEditing} />
      </Page>
    </StoreAccess>
  );
}
