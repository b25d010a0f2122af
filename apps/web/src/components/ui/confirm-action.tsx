import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from './dialog';

export type RowAction = 'activate' | 'deactivate' | 'delete';
interface Pending<A extends RowAction> {
  id: number;
  name: string;
  action: A;
}

/** An admin list's activate / deactivate / delete: the row waiting for confirmation, then the call and its toast. */
export function useConfirmAction<A extends RowAction>(run: (p: { id: number; action: A }) => Promise<unknown>) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const [pending, setPending] = useState<Pending<A> | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      await run({ id: pending.id, action: pending.action });
      toast.success(t(`messages.${pending.action}d`));
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }
  return { pending, setPending, busy, confirm };
}

/** The confirmation of `useConfirmAction`, worded for one kind of item (`confirm.deleteProduct`, ...). */
export function ConfirmActionDialog({
  confirm,
  kind,
}: {
  confirm: ReturnType<typeof useConfirmAction<RowAction>>;
  kind: 'Product' | 'Category' | 'Banner';
}) {
  const { t } = useTranslation('admin');
  const action = confirm.pending?.action ?? 'delete';
  return (
    <ConfirmDialog
      open={confirm.pending !== null}
      title={t(`confirm.${action}Title`)}
      message={t(`confirm.${action}${kind}`, { name: confirm.pending?.name ?? '' })}
      confirmLabel={t(`inventory.${action}`)}
      danger={confirm.pending?.action !== 'activate'}
      busy={confirm.busy}
      onConfirm={() => void confirm.confirm()}
      onClose={() => confirm.setPending(null)}
    />
  );
}
