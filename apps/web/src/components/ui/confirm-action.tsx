import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useErrorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from './dialog';

export type RowAction = 'activate' | 'deactivate' | 'delete';
export interface PendingAction<A extends RowAction = RowAction> {
  id: number;
  name: string;
  action: A;
}

/**
 * An admin list's activate / deactivate / delete: the row waiting for confirmation, then the call and its
 * toast, `messages.<action>d` of the namespace `ns` unless `onDone` says otherwise; a failure toasts its error.
 */
export function useConfirmAction<A extends RowAction, R>(
  run: (p: { id: number; action: A }) => Promise<R>,
  { ns = 'admin', onDone }: { ns?: string; onDone?: (result: R, p: PendingAction<A>) => void } = {},
) {
  const { t } = useTranslation(ns);
  const errorText = useErrorText();
  const [pending, setPending] = useState<PendingAction<A> | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      const result = await run({ id: pending.id, action: pending.action });
      if (onDone) onDone(result, pending);
      else toast.success(t(`messages.${pending.action}d`));
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setBusy(false);
      setPending(null);
    }
  }
  return { pending, setPending, busy, confirm };
}

/**
 * The confirmation of `useConfirmAction`, worded from the namespace `ns`: `confirm.<action>Title`,
 * `confirm.<action><kind>` (with `{{name}}`) and the button `<labels>.<action>`.
 */
export function ConfirmActionDialog({
  confirm,
  ns = 'admin',
  kind = '',
  labels = 'inventory',
}: {
  confirm: { pending: PendingAction | null; busy: boolean; confirm: () => Promise<void>; setPending: (p: null) => void };
  ns?: string;
  kind?: string;
  labels?: string;
}) {
  const { t } = useTranslation(ns);
  const action = confirm.pending?.action ?? 'delete';
  return (
    <ConfirmDialog
      open={confirm.pending !== null}
      title={t(`confirm.${action}Title`)}
      message={t(`confirm.${action}${kind}`, { name: confirm.pending?.name ?? '' })}
      confirmLabel={t(`${labels}.${action}`)}
      danger={confirm.pending?.action !== 'activate'}
      busy={confirm.busy}
      onConfirm={() => void confirm.confirm()}
      onClose={() => confirm.setPending(null)}
    />
  );
}
