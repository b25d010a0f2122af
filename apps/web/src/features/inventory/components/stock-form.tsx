import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { inventoryMovementFormSchema } from '@rewards/shared/inventory';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { errorCode, useErrorText } from '@/lib/error-text';
import { applyServerErrors } from '@/lib/form-errors';
import { formatDateTime } from '@/lib/format';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { useMovements } from '../api/get-movements';
import { useRecordMovement } from '../api/record-movement';

type Values = z.input<typeof inventoryMovementFormSchema>;
/** The shared form schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/inventory').then((m) => m.inventoryMovementFormSchema));

/** Restock or adjust one product's stock with a reason, and see its movements (who, when, why). */
export function StockForm({
  storeId,
  product,
  onDone,
}: {
  storeId: number;
  product: { id: number; name: string; stock: number };
  onDone: () => void;
}) {
  const { t } = useTranslation('admin');
  const message = useFieldMessage();
  const errorText = useErrorText();
  const record = useRecordMovement();
  const movements = useMovements({ storeId, productId: product.id, pageSize: 10 });
  const form = useForm<Values, unknown, z.output<typeof inventoryMovementFormSchema>>({
    resolver,
    defaultValues: { productId: product.id, delta: '' as unknown as number, reason: '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      const { data } = await record.mutateAsync(values);
      toast.success(t('stock.recorded', { stock: data.stockAfter }));
      onDone();
    } catch (err) {
      if (!applyServerErrors(err, form.setError, ['delta', 'reason'])) {
        // The server names the product and the stock it has now (someone may have moved it meanwhile).
        if (errorCode(err) === 'STOCK_BELOW_ZERO') form.setError('delta', { message: errorText(err) });
        else toast.error(errorText(err));
      }
    }
  });

  return (
    <div className="space-y-5">
      <p className="text-sm text-slate-700">{t('stock.current', { stock: product.stock })}</p>
      <form
        onSubmit={submit}
        onFocusCapture={resolver.prefetch}
        noValidate
        className="grid gap-3 sm:grid-cols-[8rem_1fr_auto] sm:items-end"
      >
        <Field label={t('stock.delta')} error={message(errors.delta?.message)}>
          <input type="number" inputMode="numeric" step={1} {...form.register('delta')} placeholder="+10 / -2" />
        </Field>
        <Field label={t('stock.reason')} error={message(errors.reason?.message)}>
          <input {...form.register('reason')} maxLength={300} />
        </Field>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {t('stock.record')}
        </Button>
      </form>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-800">{t('stock.history')}</h3>
        <ul
          className="max-h-56 divide-y divide-slate-100 overflow-auto rounded-md border border-slate-200 text-sm"
          aria-busy={movements.isFetching}
        >
          {movements.data?.data.map((m) => (
            <li key={m.id} className="flex flex-wrap items-baseline gap-x-3 px-3 py-2">
              <span className={`w-14 font-semibold tabular-nums ${m.delta > 0 ? 'text-emerald-700' : 'text-rose-700'}`}>
                {m.delta > 0 ? `+${m.delta}` : m.delta}
              </span>
              <span className="flex-1 text-slate-800">{m.reason}</span>
              <span className="text-xs text-slate-500">
                {t('stock.by', { name: m.createdByName ?? '—', when: formatDateTime(m.createdAt), stock: m.stockAfter })}
              </span>
            </li>
          ))}
          {movements.data?.data.length === 0 && <li className="px-3 py-2 text-slate-500">{t('stock.none')}</li>}
        </ul>
      </div>
    </div>
  );
}
