import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { activityKinds } from '@rewards/shared/enums';
import { REWARD_CODE_MAX } from '@rewards/shared/reward-rules';
import type { Reward, rewardFormSchema } from '@rewards/shared/rewards';
import { useTranslation } from '@/lib/use-translation';
import { BilingualField } from '@/components/ui/bilingual-field';
import { Field } from '@/components/ui/field';
import { markedText, useContent } from '@/components/ui/localized';
import { FormActions } from '@/components/ui/form-actions';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { errorText } from '@/lib/error-text';
import { useSaveReward } from '../api/save-reward';
import { frequencyLabel } from './frequency';

type Values = z.input<typeof rewardFormSchema>;
type Output = z.output<typeof rewardFormSchema>;
/** The shared schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/rewards').then((m) => m.rewardFormSchema));
const fieldNames = [
  'name',
  'nameEn',
  'description',
  'descriptionEn',
  'areaId',
  'points',
  'frequencyLimit',
  'frequencyPeriod',
  'activityKind',
  'code',
] as const;

export interface AreaOption {
  id: number;
  name: string;
  nameEn?: string;
  active: boolean;
}

/**
 * Create or edit a recognition. Its area is chosen from the store's active areas ("select an area",
 * docs/architecture.md P5); the limit is a count per year or month (and keeps 'day' for a recognition stored
 * with it), or once per activity, with the kind of activity (class, trivia, webinar, other): then the
 * count is 1 and each load names the activity.
 */
export function RewardForm({
  storeId,
  reward,
  areas,
  onDone,
}: {
  storeId: number;
  reward?: Reward;
  areas: AreaOption[];
  onDone: () => void;
}) {
  const { t } = useTranslation('rewards');
  const content = useContent();
  const message = useFieldMessage();
  const save = useSaveReward();
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: {
      name: reward?.name ?? '',
      nameEn: reward?.nameEn ?? '',
      description: reward?.description ?? '',
      descriptionEn: reward?.descriptionEn ?? '',
      areaId: reward?.areaId ?? '',
      points: reward?.points ?? '',
      frequencyLimit: reward?.frequencyLimit ?? 1,
      frequencyPeriod: reward?.frequencyPeriod ?? 'year',
      activityKind: reward?.activityKind ?? null,
      code: reward?.code ?? '',
    },
  });
  const errors = form.formState.errors;
  const choices = areas.filter((a) => a.active || a.id === reward?.areaId);
  const periods =
    reward?.frequencyPeriod === 'day' ? (['year', 'month', 'day', 'activity'] as const) : (['year', 'month', 'activity'] as const);
  const [limit, period, kind] = form.watch(['frequencyLimit', 'frequencyPeriod', 'activityKind']);
  const perActivity = period === 'activity';
  const preview = perActivity
    ? kind
      ? frequencyLabel(t, 1, 'activity', kind)
      : undefined
    : Number(limit) >= 1 && period
      ? frequencyLabel(t, Number(limit), period)
      : undefined;

  const submit = form.handleSubmit(async (values) => {
    try {
      // The kind is kept only with once per activity (the server drops it otherwise, too).
      await save.mutateAsync({
        id: reward?.id,
        storeId,
        values: { ...values, activityKind: values.frequencyPeriod === 'activity' ? values.activityKind : null },
      });
      toast.success(t(reward ? 'messages.updated' : 'messages.created'));
      onDone();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'INTERNAL_ERROR';
      if (code === 'REWARD_CODE_TAKEN') form.setError('code', { message: t('errors:REWARD_CODE_TAKEN') });
      else if (code === 'AREA_OTHER_STORE') form.setError('areaId', { message: t('errors:AREA_OTHER_STORE') });
      else if (!applyServerErrors(err, form.setError, fieldNames)) toast.error(errorText(t, err));
    }
  });

  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <BilingualField
          label={t('fields.name')}
          required
          errors={{ es: message(errors.name?.message), en: message(errors.nameEn?.message) }}
          es={<input {...form.register('name')} maxLength={120} autoComplete="off" />}
          en={<input {...form.register('nameEn')} maxLength={120} autoComplete="off" />}
          testId="field-name"
        />
      </div>
      <div className="sm:col-span-2">
        <Field label={t('fields.area')} error={message(errors.areaId?.message)}>
          <select {...form.register('areaId')}>
            <option value="">{t('fields.chooseArea')}</option>
            {choices.map((a) => (
              <option key={a.id} value={a.id}>
                {a.active ? markedText(content(a, 'name')) : `${markedText(content(a, 'name'))} (${t('status.inactive')})`}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="sm:col-span-2">
        <BilingualField
          label={t('fields.description')}
          required
          errors={{ es: message(errors.description?.message), en: message(errors.descriptionEn?.message) }}
          es={<textarea {...form.register('description')} rows={3} maxLength={2000} />}
          en={<textarea {...form.register('descriptionEn')} rows={3} maxLength={2000} />}
          testId="field-description"
        />
      </div>
      <Field label={t('fields.points')} error={message(errors.points?.message)}>
        <input type="number" inputMode="numeric" min={1} step={1} {...form.register('points')} />
      </Field>
      <Field label={t('fields.code')} error={message(errors.code?.message)} hint={t('fields.codeHint')}>
        <input {...form.register('code')} maxLength={REWARD_CODE_MAX} autoComplete="off" spellCheck={false} />
      </Field>
      <fieldset className="grid grid-cols-2 gap-4 sm:col-span-2">
        <legend className="mb-1 text-sm font-semibold text-slate-800">{t('columns.frequency')}</legend>
        {perActivity ? (
          <Field
            label={t('fields.activityKind')}
            error={message(errors.activityKind?.message)}
            hint={preview ? `${preview}. ${t('fields.activityHint')}` : t('fields.activityHint')}
          >
            <select {...form.register('activityKind', { setValueAs: (v: string | null) => v || null })}>
              <option value="">{t('fields.chooseActivityKind')}</option>
              {activityKinds.map((k) => (
                <option key={k} value={k}>
                  {t(`activityKinds.${k}`)}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <Field label={t('fields.frequencyLimit')} error={message(errors.frequencyLimit?.message)} hint={preview}>
            <input type="number" inputMode="numeric" min={1} step={1} {...form.register('frequencyLimit')} />
          </Field>
        )}
        <Field label={t('fields.frequencyPeriod')} error={message(errors.frequencyPeriod?.message)}>
          <select
            {...form.register('frequencyPeriod', {
              // Once per activity is once: the count goes back to 1 (the field is hidden then).
              onChange: (e: { target: { value: string } }) => {
                if (e.target.value === 'activity') form.setValue('frequencyLimit', 1);
              },
            })}
          >
            {periods.map((p) => (
              <option key={p} value={p}>
                {t(`periods.${p}`)}
              </option>
            ))}
          </select>
        </Field>
      </fieldset>
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} className="sm:col-span-2" />
    </form>
  );
}
