import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { CART_MAX_QUANTITY } from '@rewards/shared/constants';
import type { Order, OrderEdit, orderEditSchema } from '@rewards/shared/orders';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Localized, useContent } from '@/components/ui/localized';
import { FormActions, FormError } from '@/components/ui/form-actions';
import { ApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { useEditOrder } from '../api/edit-order';

type Values = z.input<typeof orderEditSchema>;
/** The shared schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/orders').then((m) => m.orderEditSchema));
type Detail = { field?: string; message?: string; code?: string };

/** The customer's points an edit moves, at the order's prices: positive refunded, negative charged. */
export function pointsDifference(order: Order, quantities: readonly { lineId: unknown; quantity: unknown }[]): number {
  return order.lines.reduce((sum, line) => {
    const wanted = Number(quantities.find((q) => q.lineId === line.id)?.quantity ?? line.quantity);
    return Number.isInteger(wanted) ? sum + (line.quantity - wanted) * line.price : sum;
  }, 0);
}

/**
 * An administrator corrects an order that was not delivered: each line's quantity (0, or "remove",
 * takes it out), the comment for the customer and a required reason. The points difference shows before
 * saving; the server's refusals show next to what they are about (a line, the reason, the difference).
 */
export function EditOrderForm({ order, onDone }: { order: Order; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const content = useContent();
  const message = useFieldMessage();
  const errorText = useErrorText();
  const edit = useEditOrder();
  const form = useForm<Values, unknown, OrderEdit>({
    resolver,
    defaultValues: {
      orderId: order.id,
      lines: order.lines.map((l) => ({ lineId: l.id, quantity: l.quantity })),
      comment: order.comment ?? '',
      reason: '',
    },
  });
  const errors = form.formState.errors;
  const lines = useWatch({ control: form.control, name: 'lines' }) ?? [];
  const comment = useWatch({ control: form.control, name: 'comment' }) ?? '';
  const difference = pointsDifference(order, lines);
  const quantityOf = (i: number) => Number(lines[i]?.quantity);
  const changed = order.lines.some((l, i) => quantityOf(i) !== l.quantity) || comment.trim() !== (order.comment ?? '');

  /** Puts a refusal of the server next to what it is about; false when it is about nothing in the form. */
  function showServerError(err: unknown, sent: OrderEdit): boolean {
    if (!(err instanceof ApiError)) return false;
    const indexOfLine = (lineId: number | undefined) => order.lines.findIndex((l) => l.id === lineId);
    // Worded for the administrator by the server: the customer's name, what the change takes and their balance.
    if (err.code === 'CUSTOMER_NOT_ENOUGH_POINTS') {
      form.setError('root.points', { message: errorText(err) });
      return true;
    }
    if (err.code === 'STOCK_BELOW_ZERO') {
      const i = order.lines.findIndex((l) => l.productId === (err.details as { productId?: number } | undefined)?.productId);
      if (i < 0) return false;
      form.setError(`lines.${i}.quantity`, { message: errorText(err) });
      return true;
    }
    if (err.code !== 'VALIDATION_FAILED' || !Array.isArray(err.details)) return false;
    let shown = false;
    for (const d of err.details as Detail[]) {
      const path = d.field?.replace(/^body\./, '') ?? '';
      const line = /^lines\.(\d+)\./.exec(path);
      if (line) {
        const i = indexOfLine(sent.lines[Number(line[1])]?.lineId);
        if (i >= 0) form.setError(`lines.${i}.quantity`, { message: message(d.message) });
      } else if (path === 'lines') {
        form.setError('root.lines', { message: t(d.code === 'unchanged' ? 'orders.edit.nothing' : 'orders.edit.keepOne') });
      } else if (path === 'reason' || path === 'comment') {
        form.setError(path, { message: d.message });
      } else continue;
      shown = true;
    }
    return shown;
  }

  const submit = form.handleSubmit(async (values) => {
    const sent: OrderEdit = {
      orderId: order.id,
      lines: values.lines.filter((l) => order.lines.find((o) => o.id === l.lineId)?.quantity !== l.quantity),
      comment: values.comment !== (order.comment ?? '') ? values.comment : undefined,
      reason: values.reason,
    };
    if (values.lines.every((l) => l.quantity === 0)) {
      form.setError('root.lines', { message: t('orders.edit.keepOne') });
      return;
    }
    try {
      await edit.mutateAsync(sent);
      toast.success(t('orders.edit.saved'));
      onDone();
    } catch (err) {
      if (!showServerError(err, sent)) form.setError('root.server', { message: errorText(err) });
    }
  });

  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="space-y-4" data-testid="edit-order-form">
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th className="py-2 font-medium">{t('orders.product')}</th>
            <th className="py-2 text-right font-medium">{t('orders.edit.was')}</th>
            <th className="py-2 text-right font-medium">{t('orders.quantity')}</th>
            <th className="py-2">
              <span className="sr-only">{t('orders.edit.remove')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, i) => {
            const error = message(errors.lines?.[i]?.quantity?.message);
            const removed = quantityOf(i) === 0;
            return (
              <tr key={line.id} className="border-b border-slate-100 align-top last:border-0" data-testid="edit-line">
                <td className={`py-2 ${removed ? 'text-slate-500 line-through' : ''}`}>
                  <Localized value={content(line, 'name')} />
                  <span className="block text-xs text-slate-600">{t('orders.edit.each', { points: formatPoints(line.price) })}</span>
                </td>
                <td className="py-2 text-right tabular-nums">{line.quantity}</td>
                <td className="py-2 text-right">
                  <input
                    type="number"
                    min={0}
                    max={CART_MAX_QUANTITY}
                    step={1}
                    aria-label={t('orders.edit.quantityOf', { name: content(line, 'name').text })}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `edit-line-${line.id}-error` : undefined}
                    className={`w-20 rounded-md border px-2 py-1 text-right tabular-nums ${error ? 'border-rose-500' : 'border-slate-300'}`}
                    {...form.register(`lines.${i}.quantity`, { valueAsNumber: true })}
                  />
                  {error && (
                    <p id={`edit-line-${line.id}-error`} role="alert" className="mt-1 text-xs font-medium text-rose-700">
                      {error}
                    </p>
                  )}
                </td>
                <td className="py-2 pl-2 text-right">
                  <Button
                    variant="ghost"
                    className="px-2 py-1"
                    onClick={() =>
                      form.setValue(`lines.${i}.quantity`, removed ? line.quantity : 0, { shouldDirty: true, shouldValidate: true })
                    }
                  >
                    {removed ? t('orders.edit.undo') : t('orders.edit.remove')}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <FormError message={errors.root?.lines?.message} inline />
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm font-medium text-slate-800" data-testid="edit-difference" aria-live="polite">
        {difference > 0
          ? t('orders.edit.refund', { points: formatPoints(difference) })
          : difference < 0
            ? t('orders.edit.charge', { points: formatPoints(-difference) })
            : t('orders.edit.noDifference')}
      </p>
      <FormError message={errors.root?.points?.message} inline />
      <Field label={t('orders.edit.comment')} error={message(errors.comment?.message)}>
        <textarea {...form.register('comment')} rows={2} maxLength={1000} />
      </Field>
      <Field label={t('orders.edit.reason')} error={message(errors.reason?.message)} hint={t('orders.edit.reasonHint')}>
        <input {...form.register('reason')} maxLength={300} autoComplete="off" data-testid="edit-reason" />
      </Field>
      <FormError message={errors.root?.server?.message} />
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting || !changed} />
    </form>
  );
}
