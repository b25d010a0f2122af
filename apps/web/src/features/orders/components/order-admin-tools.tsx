import { useState } from 'react';
import { OrderStatus } from '@rewards/shared/enums';
import { editableOrderStatuses } from '@rewards/shared/order-rules';
import type { Order } from '@rewards/shared/orders';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useArchiveOrder } from '../api/archive-order';
import { useDeleteOrder } from '../api/delete-order';
import { EditOrderDialog } from './edit-order-dialog';

type Pending = 'archive' | 'restore' | 'delete';

/**
 * An order's administration beside its moves: edit it while it is not delivered, archive or restore it
 * (the administrators' lists only), delete it once canceled. Archive, restore and delete ask first.
 */
export function OrderAdminTools({ order, onDeleted }: { order: Order; onDeleted?: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const archive = useArchiveOrder();
  const remove = useDeleteOrder();
  const [editing, setEditing] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const busy = archive.isPending || remove.isPending;

  async function confirm() {
    const action = pending;
    if (!action) return;
    try {
      if (action === 'delete') await remove.mutateAsync(order.id);
      else await archive.mutateAsync({ id: order.id, archived: action === 'archive' });
      toast.success(t(`orders.admin.${action}d`, { id: order.id }));
      if (action === 'delete') onDeleted?.();
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="mt-3 flex flex-wrap items-center justify-end gap-2 border-t border-slate-100 pt-3">
      {order.archived && (
        <span className="mr-auto rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700" data-testid="archived-badge">
          {t('orders.admin.archivedBadge')}
        </span>
      )}
      {editableOrderStatuses.includes(order.status) && (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          {t('orders.edit.open')}
        </Button>
      )}
      <Button variant="secondary" disabled={busy} onClick={() => setPending(order.archived ? 'restore' : 'archive')}>
        {order.archived ? t('orders.admin.restore') : t('orders.admin.archive')}
      </Button>
      {order.status === OrderStatus.Canceled && (
        <Button variant="ghost" className="text-rose-700" disabled={busy} onClick={() => setPending('delete')}>
          {t('orders.admin.delete')}
        </Button>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending ? t(`orders.admin.${pending}Title`, { id: order.id }) : ''}
        message={pending ? t(`orders.admin.${pending}Message`) : ''}
        confirmLabel={pending ? t(`orders.admin.${pending}`) : ''}
        danger={pending === 'delete'}
        busy={busy}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
      {editableOrderStatuses.includes(order.status) && <EditOrderDialog order={order} open={editing} onClose={() => setEditing(false)} />}
    </div>
  );
}
