import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { givingSettingsInputSchema } from '@rewards/shared/peer';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-actions';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { errorText } from '@/lib/error-text';
import { useSaveGivingSettings } from '../api/giving-settings';
import type { GivingSettings } from '../api/types';
import { GivingSettingsFields, PeriodOptions } from './giving-settings-fields';

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
  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="space-y-4" data-testid="giving-form">
      <GivingSettingsFields
        control={(name) =>
          name === 'period' ? (
            <select {...form.register('period')} data-testid="giving-period">
              <PeriodOptions />
            </select>
          ) : (
            <input
              {...form.register(name, { valueAsNumber: true })}
              type="number"
              inputMode="numeric"
              step={1}
              data-testid={`giving-${name}`}
            />
          )
        }
        errors={Object.fromEntries(fields.map((f) => [f, message(errors[f]?.message)]))}
      >
        <FormError message={errors.root?.message} />
        <div className="flex justify-end">
          <Button type="submit" disabled={form.formState.isSubmitting || !form.formState.isDirty} data-testid="giving-save">
            {t('common:actions.save')}
          </Button>
        </div>
      </GivingSettingsFields>
    </form>
  );
}
