import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { orderMoves } from '@rewards/shared/orders';
import { useAdminOrders, useMoveOrder } from '@/features/orders/api/orders';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Page } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { ApiError } from '@/lib/api';
import { formatDateTime, formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';

/** /admin/orders and /admin/orders/{id}: orders of your stores, moved along the allowed states. */
export default function AdminOrdersPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<number | undefined>();
  const orders = useAdminOrders({ page, status });
  const move = useMoveOrder();
  const [comments, setComments] = useState<Record<number, string>>({});
  const [cancelling, setCancelling] = useState<number | null>(null);
  const list = (orders.data?.data ?? []).filter((o) => !id || o.id === Number(id));

  async function moveTo(orderId: number, to: number) {
    try {
      await move.mutateAsync({ id: orderId, status: to, comment: comments[orderId] });
      toast.success(t('orders.moved', { status: t(`orders.status.${to}`, { ns: 'common' }) }));
      setComments((c) => ({ ...c, [orderId]: '' }));
    } catch (err) {
      toast.error(t(`errors:${err instanceof ApiError ? err.code : 'INTERNAL_ERROR'}`));
    }
  }

  return (
    <Page title={id ? t('orders.one', { id }) : t('pages.orders.title')}>
      <label className="mb-4 flex items-center gap-2 text-sm">
        {t('inventory.status')}
        <select
          className="rounded-md border border-slate-300 px-2 py-1.5"
          value={status ?? ''}
          onChange={(e) => (setStatus(Number(e.target.value) || undefined), setPage(1))}
        >
          <option value="">{t('inventory.anyStatus')}</option>
          {[1, 2, 3, 4, 5].map((s) => (
            <option key={s} value={s}>
              {t(`orders.status.${s}`, { ns: 'common' })}
            </option>
          ))}
        </select>
      </label>
      {orders.data?.data.length === 0 && <p className="text-slate-600">{t('orders.none')}</p>}
      <ul className="space-y-3" aria-busy={orders.isFetching}>
        {list.map((o) => (
          <li key={o.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="admin-order">
            <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
              <h2 className="font-semibold">{t('orders.one', { id: o.id })}</h2>
              <span className="rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-semibold text-indigo-800">
                {t(`orders.status.${o.status}`, { ns: 'common' })}
              </span>
              <span className="text-sm text-slate-600">{formatDateTime(o.createdAt)}</span>
              <span className="ml-auto font-bold tabular-nums">{formatPoints(o.total)}</span>
            </div>
            <p className="mt-1 text-sm text-slate-700">{o.lines.map((l) => `${l.name} × ${l.quantity}`).join(' · ')}</p>
            {(orderMoves[o.status] ?? []).length > 0 && (
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <label className="flex-1">
                  <span className="sr-only">{t('orders.comment')}</span>
                  <input
                    value={comments[o.id] ?? ''}
                    onChange={(e) => setComments((c) => ({ ...c, [o.id]: e.target.value }))}
                    placeholder={t('orders.comment')}
                    maxLength={1000}
                    className="w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
                  />
                </label>
                {(orderMoves[o.status] ?? []).map((to) =>
                  to === 5 ? (
                    <Button key={to} variant="ghost" className="text-rose-700" onClick={() => setCancelling(o.id)}>
                      {t('orders.cancel')}
                    </Button>
                  ) : (
                    <Button key={to} variant="secondary" disabled={move.isPending} onClick={() => void moveTo(o.id, to)}>
                      {t(`orders.to.${to}`)}
                    </Button>
                  ),
                )}
              </div>
            )}
          </li>
        ))}
      </ul>
      {orders.data && !id && <Pagination page={orders.data.page} totalPages={orders.data.totalPages} onChange={setPage} />}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('orders.cancelTitle')}
        message={t('orders.cancelMessage')}
        confirmLabel={t('orders.cancel')}
        onConfirm={() => {
          if (cancelling !== null) void moveTo(cancelling, 5);
          setCancelling(null);
        }}
        onClose={() => setCancelling(null)}
      />
    </Page>
  );
}
