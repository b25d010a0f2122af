import { useState } from 'react';
import type { Banner } from '@rewards/shared/banners';
import { useTranslation } from '@/lib/use-translation';
import { ActiveBadge } from '@/components/ui/active-badge';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog, useConfirmAction } from '@/components/ui/confirm-action';
import { Dialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { lazyForm } from '@/components/ui/lazy-form';
import { Localized, useContent } from '@/components/ui/localized';
import { variantUrl } from '@/lib/images';
import { useBannerAction } from '../api/banner-action';
import { useAdminBanners } from '../api/get-admin-banners';

// Loaded when its dialog first opens: the list page downloads neither the form nor react-hook-form.
const BannerForm = lazyForm(() => import('./banner-form').then((m) => m.BannerForm));

/** /admin/banners: a store's banners with their actions, and the create / edit dialog. */
export function BannersPanel({
  storeId,
  editing,
  onEdit,
}: {
  storeId: number;
  editing: Banner | 'new' | null;
  onEdit: (b: Banner | 'new' | null) => void;
}) {
  const { t } = useTranslation('admin');
  const content = useContent();
  const [page, setPage] = useState(1);
  const banners = useAdminBanners({ storeId, page, pageSize: 20 });
  const action = useBannerAction();
  const confirm = useConfirmAction((p) => action.mutateAsync(p));
  return (
    <>
      <p className="-mt-2 mb-4 text-sm text-slate-600">{t('banners.help')}</p>
      <ul className="space-y-3" aria-busy={banners.isFetching}>
        {banners.data?.data.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-white p-3">
            <img src={variantUrl(b.picture, 600)} alt="" className="h-20 w-64 rounded-md object-cover" />
            <div className="min-w-0 flex-1">
              <Localized as="p" value={content(b, 'title')} className="font-semibold text-slate-900" />
              <p className="text-sm text-slate-600">{t('banners.position', { position: b.position })}</p>
              <ActiveBadge active={b.active} />
            </div>
            <div className="flex flex-wrap gap-1">
              <Button variant="ghost" onClick={() => onEdit(b)}>
                {t('inventory.edit')}
              </Button>
              <Button
                variant="ghost"
                onClick={() =>
                  confirm.setPending({ id: b.id, name: content(b, 'title').text, action: b.active ? 'deactivate' : 'activate' })
                }
              >
                {b.active ? t('inventory.deactivate') : t('inventory.activate')}
              </Button>
              <Button
                variant="ghost"
                className="text-rose-700"
                onClick={() => confirm.setPending({ id: b.id, name: content(b, 'title').text, action: 'delete' })}
              >
                {t('inventory.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {banners.data?.data.length === 0 && <p className="text-slate-600">{t('banners.none')}</p>}
      {banners.data && <Pagination page={banners.data.page} totalPages={banners.data.totalPages} onChange={setPage} />}
      <Dialog open={editing !== null} title={editing === 'new' ? t('banners.new') : t('banners.edit')} onClose={() => onEdit(null)} wide>
        {editing !== null && <BannerForm storeId={storeId} banner={editing === 'new' ? undefined : editing} onDone={() => onEdit(null)} />}
      </Dialog>
      <ConfirmActionDialog confirm={confirm} kind="Banner" />
    </>
  );
}
