import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useBuyAgain } from '@/features/cart/api/buy-again';
import { myOrdersQueryOptions, useMyOrders } from '@/features/orders/api/get-my-orders';
import { OrderStatusBadge } from '@/features/orders/components/order-status-badge';
import { OrderTimeline } from '@/features/orders/components/order-timeline';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Localized, useContent } from '@/components/ui/localized';
import { Page } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { formatDateTime, formatPoints } from '@/lib/format';
import { variantUrl } from '@/lib/images';
import type { FirstData } from '../first-data';

export const firstData: FirstData = async ({ queryClient, user }) => user && queryClient.prefetchQuery(myOrdersQueryOptions(1));

export default function MyOrdersPage() {
  const { t } = useTranslation('orders');
  const content = useContent();
  const [page, setPage] = useState(1);
  const orders = useMyOrders(page);
  const buyAgain = useBuyAgain();
  const navigate = useNavigate();
  const errorText = useErrorText();
  async function again(orderId: number) {
    try {
      const result = await buyAgain.mutateAsync(orderId);
      for (const s of result.skipped) toast.warning(t(`againSkipped.${s.code}`, { name: content(s, 'name').text }));
      if (result.added.length > 0) {
        toast.success(t('againAdded', { count: result.added.length }));
        void navigate('/cart');
      }
    } catch (err) {
      toast.error(errorText(err));
    }
  }
  return (
    <Page title={t('title')}>
      {orders.isPending && <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />}
      {orders.data?.data.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">{t('none')}</p>
      )}
      <ul className="space-y-4">
        {orders.data?.data.map((o) => (
          <li key={o.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="order">
            <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
              <h2 className="font-semibold">{t('number', { id: o.id })}</h2>
              <OrderStatusBadge status={o.status} />
              <span className="text-sm text-slate-600">{formatDateTime(o.createdAt)}</span>
              <span className="font-bold tabular-nums">{t('common:product.price', { points: formatPoints(o.total) })}</span>
            </div>
            <ul className="mb-3 space-y-1 text-sm">
              {o.lines.map((l) => (
                <li key={l.id} className="flex items-center gap-3">
                  {l.picture && (
                    <img src={variantUrl(l.picture, 300)} alt="" width={32} height={32} className="h-8 w-8 rounded object-cover" />
                  )}
                  <Localized value={content(l, 'name')} className="flex-1" />
                  <span className="text-slate-600">× {l.quantity}</span>
                  <span className="w-24 text-right tabular-nums">{formatPoints(l.price * l.quantity)}</span>
                </li>
              ))}
            </ul>
            <OrderTimeline steps={o.tracking} label={t('tracking')} compact />
            <div className="mt-3 flex justify-end">
              <Button variant="secondary" disabled={buyAgain.isPending} onClick={() => void again(o.id)}>
                {t('again')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {orders.data && <Pagination page={orders.data.page} totalPages={orders.data.totalPages} onChange={setPage} />}
    </Page>
  );
}
