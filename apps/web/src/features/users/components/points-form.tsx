import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { UserListItem, userPointsFormSchema } from '@rewards/shared/users';
import { useTranslation } from '@/lib/use-translation';
import { Field } from '@/components/ui/field';
import { FormActions, FormError } from '@/components/ui/form-actions';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { errorText } from '@/lib/error-text';
import { useAdjustPoints } from '../api/adjust-points';
import { useUser } from '../api/get-user';

/** The shared form schema without the user (the dialog knows it), loaded with zod when the form is first focused or validated. */
const resolver = lazyZodResolver(() => import('@rewards/shared/users').then((m) => m.userPointsFormSchema));
type Values = z.input<typeof userPointsFormSchema>;
type Output = z.output<typeof userPointsFormSchema>;

/**
 * Load (positive) or adjust (negative) a user's points from the users page: the balance is shown,
 * a description is required, and the balance never goes below 0 (checked here and by the server).
 */
export function PointsForm({ user, onDone }: { user: UserListItem; onDone: () => void }) {
  const { t } = useTranslation('users');
  const message = useFieldMessage();
  const detail = useUser(user.id);
  const adjust = useAdjustPoints();
  const balance = detail.data?.points ?? user.points;
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: { value: '', description: '' },
  });
  const errors = form.formState.errors;
  const value = Number(useWatch({ control: form.control, name: 'value' }));
  const after = Number.isInteger(value) && value !== 0 ? balance + value : null;
  const name = [user.name, user.lastName].filter(Boolean).join(' ');

  const submit = form.handleSubmit(async (values) => {
    // Checked here with the balance shown, and by the server with the balance it has (ADJUSTMENT_BELOW_ZERO).
    if (balance + values.value < 0) {
      form.setError('value', { message: t('points.notEnough', { name, balance: formatPoints(balance) }) });
      return;
    }
    try {
      const res = await adjust.mutateAsync({ userId: user.id, ...values });
      toast.success(t('messages.points', { name, balance: formatPoints(res.data.value) }));
      onDone();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'INTERNAL_ERROR';
      if (code === 'ADJUSTMENT_BELOW_ZERO') {
        const current = (err as ApiError).details as { balance?: number } | undefined;
        form.setError('value', { message: t('points.notEnough', { name, balance: formatPoints(current?.balance ?? balance) }) });
      } else if (!applyServerErrors(err, form.setError, ['value', 'description'])) {
        form.setError('root', { message: errorText(t, err) });
      }
    }
  });

  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="space-y-4" data-testid="points-form">
      <div className="rounded-lg bg-slate-50 px-4 py-3">
        <p className="text-sm text-slate-600">{user.email}</p>
        <p className="mt-1 text-sm text-slate-700">
          {t('points.balance')}{' '}
          <strong className="text-lg text-slate-900 tabular-nums" data-testid="points-current">
            {formatPoints(balance)}
          </strong>
        </p>
      </div>
      <Field label={t('points.value')} error={message(errors.value?.message)} hint={t('points.valueHint')}>
        <input {...form.register('value')} type="number" inputMode="numeric" step={1} />
      </Field>
      <Field label={t('points.description')} error={message(errors.description?.message)} hint={t('points.descriptionHint')}>
        <input {...form.register('description')} maxLength={300} autoComplete="off" />
      </Field>
      {after !== null && (
        <p className={`text-sm ${after < 0 ? 'font-medium text-rose-700' : 'text-slate-700'}`} data-testid="points-after">
          {value > 0 ? t('points.kindLoad') : t('points.kindAdjustment')} · {t('points.after', { balance: formatPoints(after) })}
        </p>
      )}
      <FormError message={errors.root?.message} />
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} submitLabel={t('points.submit')} />
    </form>
  );
}
