import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { givingPeriods } from '@rewards/shared/peer-rules';
import type { givingSettingsInputSchema } from '@rewards/shared/peer';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-actions';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { errorText } from '@/lib/error-text';
import { useSaveGivingSettings } from '../api/giving-settings';
import type { GivingSettings } from '../api/types';

type Values = z.input<typeof givingSettingsInputSchema>;
type Output = z.output<typeof givingSettingsInputSchema>;
/** The shared schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/peer').then((m) => m.givingSettingsInputSchema));
const fields = ['amount', 'period', 'minMessage', 'shareCapPercent', 'perReport'] as const;

/**
 * A store's giving rules: the allowance each person gets per period and the period, the shortest message,
 * the most of a period's allowance one colleague may get from the same giver (per cent), and what each
 * direct report adds to a manager's allowance.
 */
export function GivingSettingsForm({ storeId, settings }: { storeId: number; settings: GivingSettings }) {
  const { t } = useTranslation('peer');
  const message = useFieldMessage();
  const save = useSaveGivingSettings(storeId);
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: {
      amount: settings.amount,
      period: settings.period,
      minMessage: settings.minMessage,
      shareCapPercent: settings.shareCapPercent,
      perReport: settings.perReport,
    },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      form.reset(Object.fromEntries(fields.map((f) => [f, saved[f]])) as Values);
      toast.success(t('admin.saved'));
    } catch (err) {
      if (!applyServerErrors(err, form.setError, fields)) form.setError('root', { message: errorText(t, err) });
    }
  });
  const number = (name: Exclude<(typeof fields)[number], 'period'>) => (
    <input {...form.register(name, { valueAsNumber: true })} type="number" inputMode="numeric" step={1} data-testid={`giving-${name}`} />
  );
  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="space-y-4" data-testid="giving-form">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin.amount')} hint={t('admin.amountHint')} error={message(errors.amount?.message)}>
          {number('amount')}
        </Field>
        <Field label={t('admin.period')} error={message(errors.period?.message)}>
          <select {...form.register('period')} data-testid="giving-period">
            {givingPeriods.map((p) => (
              <option key={p} value={p}>
                {t(`admin.periods.${p}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('admin.minMessage')} hint={t('admin.minMessageHint')} error={message(errors.minMessage?.message)}>
          {number('minMessage')}
        </Field>
        <Field label={t('admin.shareCap')} hint={t('admin.shareCapHint')} error={message(errors.shareCapPercent?.message)}>
          {number('shareCapPercent')}
        </Field>
        <Field label={t('admin.perReport')} hint={t('admin.perReportHint')} error={message(errors.perReport?.message)}>
          {number('perReport')}
        </Field>
      </div>
      <FormError message={errors.root?.message} />
      <div className="flex justify-end">
        <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty} data-testid="giving-save">
          {t('common:actions.save')}
        </Button>
      </div>
    </form>
  );
}
