import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { toast } from '@/lib/toast';
import type { Banner } from '@rewards/shared/banners';
import { useAdminBanners, useBannerAction, type BannerAction } from '@/features/banners/api/admin-banners';
import { BannerForm } from '@/features/banners/components/banner-form';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { Page } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api';
import { variantUrl } from '@/lib/images';
import { useAdminStores } from '../../layouts/admin-layout';

export default function AdminBannersPage() {
  const { t } = useTranslation('admin');
  const storeId = Number(useParams().storeId);
  const store = useAdminStores().find((s) => s.id === storeId);
  const [page, setPage] = useState(1);
  const banners = useAdminBanners({ storeId, page, pageSize: 20 });
  const action = useBannerAction();
  const [editing, setEditing] = useState<Banner | 'new' | null>(null);
  const [pending, setPending] = useState<{ banner: Banner; action: BannerAction } | null>(null);

  async function confirm() {
    if (!pending) return;
    try {
      await action.mutateAsync({ id: pending.banner.id, action: pending.action });
      toast.success(t(`messages.${pending.action}d`));
    } catch (err) {
      toast.error(t(`errors:${err instanceof ApiError ? err.code : 'INTERNAL_ERROR'}`));
    } finally {
      setPending(null);
    }
  }

  return (
    <Page
      title={store ? t('banners.title', { store: store.title }) : t('pages.banners.title')}
      actions={<Button onClick={() => setEditing('new')}>{t('banners.new')}</Button>}
    >
      <p className="-mt-2 mb-4 text-sm text-slate-600">{t('banners.help')}</p>
      <ul className="space-y-3" aria-busy={banners.isFetching}>
        {banners.data?.data.map((b) => (
          <li key={b.id} className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-white p-3">
            <img src={variantUrl(b.picture, 600)} alt="" className="h-20 w-64 rounded-md object-cover" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900">{b.title}</p>
              <p className="text-sm text-slate-600">{t('banners.position', { position: b.position })}</p>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${b.active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
              >
                {b.active ? t('status.active') : t('status.inactive')}
              </span>
            </div>
            <div className="flex gap-1">
              <Button variant="ghost" onClick={() => setEditing(b)}>
                {t('inventory.edit')}
              </Button>
              <Button variant="ghost" onClick={() => setPending({ banner: b, action: b.active ? 'deactivate' : 'activate' })}>
                {b.active ? t('inventory.deactivate') : t('inventory.activate')}
              </Button>
              <Button variant="ghost" className="text-rose-700" onClick={() => setPending({ banner: b, action: 'delete' })}>
                {t('inventory.delete')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {banners.data?.data.length === 0 && <p className="text-slate-600">{t('banners.none')}</p>}
      {banners.data && <Pagination page={banners.data.page} totalPages={banners.data.totalPages} onChange={setPage} />}
      <Dialog open={editing !== null} title={editing === 'new' ? t('banners.new') : t('banners.edit')} onClose={() => setEditing(null)}>
        {editing !== null && (
          <BannerForm storeId={storeId} banner={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Dialog>
      <ConfirmDialog
        open={pending !== null}
        title={t(`confirm.${pending?.action ?? 'delete'}Title`)}
        message={t(`confirm.${pending?.action ?? 'delete'}Banner`, { name: pending?.banner.title ?? '' })}
        confirmLabel={t(`inventory.${pending?.action ?? 'delete'}`)}
        danger={pending?.action !== 'activate'}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </Page>
  );
}
