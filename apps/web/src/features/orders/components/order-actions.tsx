import { useState } from 'react';
import { OrderStatus } from '@rewards/shared/enums';
import { orderMoves } from '@rewards/shared/order-rules';
import type { Order } from '@rewards/shared/orders';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useMoveOrder } from '../api/move-order';

/** The moves an order allows from its status, a comment for the customer, and cancel with a reason. */
export function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const move = useMoveOrder();
  const [comment, setComment] = useState('');
  const [cancelling, setCancelling] = useState(false);
  const [cause, setCause] = useState('');
  const moves = orderMoves[order.status] ?? [];
  if (moves.length === 0) return null;

  async function moveTo(to: number, reason?: string) {
    try {
      await move.mutateAsync({ id: order.id, status: to, comment, cause: reason });
      toast.success(t('orders.moved', { status: t(`orders.status.${to}`, { ns: 'common' }) }));
      setComment('');
      setCancelling(false);
      setCause('');
    } catch (err) {
      toast.error(errorText(err));
    }
  }

  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <label className="min-w-48 flex-1">
        <span className="sr-only">{t('orders.comment')}</span>
        <input
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          placeholder={t('orders.comment')}
          maxLength={1000}
          className="w-full rounded-md border border-slate-300 px-3 py-1.5 text-sm"
        />
      </label>
      {moves.map((to) =>
        to === OrderStatus.Canceled ? (
          <Button key={to} variant="ghost" className="text-rose-700" onClick={() => setCancelling(true)}>
            {t('orders.cancel')}
          </Button>
        ) : (
          <Button key={to} variant="secondary" disabled={move.isPending} onClick={() => void moveTo(to)}>
            {t(`orders.to.${to}`)}
          </Button>
        ),
      )}
      <Dialog open={cancelling} title={t('orders.cancelTitle')} onClose={() => setCancelling(false)}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (cause.trim().length >= 3) void moveTo(OrderStatus.Canceled, cause.trim());
          }}
          className="space-y-4"
        >
          <p className="text-sm text-slate-700">{t('orders.cancelMessage')}</p>
          <label className="block text-sm font-medium text-slate-800">
            {t('orders.cause')}
            <input
              value={cause}
              onChange={(e) => setCause(e.target.value)}
              required
              minLength={3}
              maxLength={200}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 font-normal"
              data-testid="cancel-cause"
            />
          </label>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setCancelling(false)}>
              {t('orders.keep')}
            </Button>
            <Button type="submit" variant="danger" disabled={move.isPending || cause.trim().length < 3} data-testid="confirm-button">
              {t('orders.cancel')}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
