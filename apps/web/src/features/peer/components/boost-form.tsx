import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BOOST_NOTE_MAX } from '@rewards/shared/peer-rules';
import type { boostCreateSchema } from '@rewards/shared/peer';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormActions, FormError } from '@/components/ui/form-actions';
import { applyServerErrors } from '@/lib/form-errors';
import { formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { errorText } from '@/lib/error-text';
import { useBoostAllowance } from '../api/boost-allowance';

type Values = z.input<typeof boostCreateSchema>;
type Output = z.output<typeof boostCreateSchema>;
const resolver = lazyZodResolver(() => import('@rewards/shared/peer').then((m) => m.boostCreateSchema));

/**
 * More points for a person to give (not to spend): the points and an optional note, confirmed before it is
 * sent; the boost lasts until the end of the program year and is spent after the period's allowance.
 */
export function BoostForm({ user, onDone }: { user: { id: number; name: string }; onDone: () => void }) {
  const { t } = useTranslation('peer');
  const message = useFieldMessage();
  const boost = useBoostAllowance(user.id);
  const [confirming, setConfirming] = useState<Output | null>(null);
  const form = useForm<Values, unknown, Output>({ resolver, defaultValues: { points: undefined as unknown as number, note: '' } });
  const errors = form.formState.errors;
  const review = form.handleSubmit((values) => setConfirming(values));

  async function send(values: Output) {
    try {
      await boost.mutateAsync({ points: values.points, ...(values.note?.trim() ? { note: values.note.trim() } : {}) });
      toast.success(t('boost.done', { name: user.name, points: formatPoints(values.points) }));
      onDone();
    } catch (err) {
      setConfirming(null);
      if (!applyServerErrors(err, form.setError, ['points', 'note'])) form.setError('root', { message: errorText(t, err) });
    }
  }

  if (confirming)
    return (
      <div className="space-y-4" data-testid="boost-confirm">
        <p className="text-sm text-slate-800">{t('boost.confirm', { name: user.name, points: formatPoints(confirming.points) })}</p>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={boost.isPending}>
            {t('give.back')}
          </Button>
          <Button onClick={() => void send(confirming)} disabled={boost.isPending} data-testid="boost-send">
            {t('boost.submit')}
          </Button>
        </div>
      </div>
    );
  return (
    <form onSubmit={review} onFocusCapture={resolver.prefetch} noValidate className="space-y-4" data-testid="boost-form">
      <p className="text-sm text-slate-600">{t('boost.help')}</p>
      <Field label={t('boost.points')} error={message(errors.points?.message)}>
        <input
          {...form.register('points', { valueAsNumber: true })}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          data-testid="boost-points"
        />
      </Field>
      <Field label={t('boost.note')} error={message(errors.note?.message)}>
        <input {...form.register('note')} maxLength={BOOST_NOTE_MAX} autoComplete="off" />
      </Field>
      <FormError message={errors.root?.message} />
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} submitLabel={t('boost.review')} />
    </form>
  );
}
