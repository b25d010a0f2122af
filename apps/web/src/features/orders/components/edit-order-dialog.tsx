import type { Order } from '@rewards/shared/orders';
import { useTranslation } from '@/lib/use-translation';
import { Dialog } from '@/components/ui/dialog';
import { lazyForm } from '@/components/ui/lazy-form';

// Loaded when the dialog first opens: the orders pages download neither the form nor react-hook-form.
const EditOrderForm = lazyForm(() => import('./edit-order-form').then((m) => m.EditOrderForm));

/** The dialog in which an administrator corrects an order that was not delivered (edit-order-form.tsx). */
export function EditOrderDialog({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Dialog open={open} title={t('orders.edit.title', { id: order.id })} onClose={onClose} wide>
      {open && <EditOrderForm order={order} onDone={onClose} />}
    </Dialog>
  );
}
