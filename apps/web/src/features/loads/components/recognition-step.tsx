import { useId } from 'react';
import { bounds } from '@rewards/shared/constants';
import { MAX_LOAD_POINTS } from '@rewards/shared/load-rules';
import { useTranslation } from '@/lib/use-translation';
import { BilingualField } from '@/components/ui/bilingual-field';
import { DateInput } from '@/components/ui/date-input';
import { Field } from '@/components/ui/field';
import { Localized, useContent } from '@/components/ui/localized';
import { formatDate, formatPoints } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { useLoadRewards } from '../api/get-load-rewards';
import type { Action, ActivityWindow, StepErrors, WizardState } from './wizard-state';

/**
 * Step 2: one recognition (required); its points by default, or another positive amount; a reason. A
 * once-per-activity recognition (class, trivia, webinar) also asks which activity: its title and date.
 */
export function RecognitionStep({
  storeId,
  state,
  errors,
  window,
  dispatch,
}: {
  storeId: number;
  state: Pick<WizardState, 'rewardId' | 'points' | 'reason' | 'reasonEn' | 'activityKind' | 'activityTitle' | 'activityDate'>;
  errors: StepErrors;
  /** The days an activity may be dated (the program year up to today), once known. */
  window?: ActivityWindow;
  dispatch: (a: Action) => void;
}) {
  const { t } = useTranslation('loads');
  const content = useContent();
  const id = useId();
  const rewards = useLoadRewards(storeId);
  const selected = rewards.data?.find((r) => r.id === state.rewardId);

  if (rewards.isPending) return <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />;
  if (rewards.isError)
    return (
      <p role="alert" className="text-rose-700">
        {errorText(t, rewards.error)}
      </p>
    );
  if (rewards.data.length === 0)
    return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">{t('recognition.none')}</p>;

  return (
    <div className="space-y-5">
      <fieldset aria-describedby={errors.reward ? `${id}-reward-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('recognition.label')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {rewards.data.map((r) => (
            <label
              key={r.id}
              className={`flex cursor-pointer gap-3 rounded-lg border p-3 text-sm focus-within:outline-2 focus-within:outline-indigo-600 ${
                r.id === state.rewardId ? 'border-indigo-600 bg-indigo-50' : 'border-slate-200 bg-white hover:border-slate-300'
              }`}
            >
              <input
                type="radio"
                name={`${id}-reward`}
                value={r.id}
                checked={r.id === state.rewardId}
                onChange={() =>
                  dispatch({
                    type: 'reward',
                    rewardId: r.id,
                    points: String(r.points),
                    activityKind: r.frequencyPeriod === 'activity' ? (r.activityKind ?? 'activity') : null,
                  })
                }
                className="mt-1"
              />
              <span>
                <Localized value={content(r, 'name')} className="block font-semibold text-slate-900" />
                <span className="block text-slate-600">
                  {formatPoints(r.points)} ·{' '}
                  {r.frequencyPeriod === 'activity'
                    ? t(`recognition.limit.activity.${r.activityKind ?? 'activity'}`)
                    : t(`recognition.limit.${r.frequencyPeriod}`, { count: r.frequencyLimit })}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.reward && (
          <p id={`${id}-reward-error`} role="alert" className="mt-1 text-xs font-medium text-rose-700">
            {t('recognition.required')}
          </p>
        )}
      </fieldset>

      {state.activityKind && (
        <fieldset className="rounded-lg border border-indigo-200 bg-indigo-50/40 p-4" data-testid="load-activity">
          <legend className="px-1 text-sm font-semibold text-slate-900">{t('activity.legend')}</legend>
          <p className="mb-3 text-sm text-slate-700">{t('activity.help', { kind: t(`activity.kinds.${state.activityKind}`) })}</p>
          <div className="grid gap-4 sm:grid-cols-[1fr_12rem]">
            <Field
              label={t('activity.title')}
              error={errors.activityTitle && t('activity.titleInvalid', { min: bounds.name.min, max: bounds.name.max })}
            >
              <input
                type="text"
                value={state.activityTitle}
                maxLength={bounds.name.max}
                autoComplete="off"
                onChange={(e) => dispatch({ type: 'activity', title: e.target.value })}
                data-testid="load-activity-title"
              />
            </Field>
            <Field
              label={t('activity.date')}
              error={
                errors.activityDate === 'dateRange' && window
                  ? t('activity.dateRange', { from: formatDate(window.from), to: formatDate(window.to) })
                  : errors.activityDate && t('activity.dateRequired')
              }
            >
              <DateInput
                value={state.activityDate}
                min={window?.from}
                max={window?.to}
                onChange={(date) => dispatch({ type: 'activity', date })}
                data-testid="load-activity-date"
              />
            </Field>
          </div>
        </fieldset>
      )}

      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <Field
          label={t('recognition.points')}
          error={errors.points && t('recognition.pointsInvalid', { max: formatPoints(MAX_LOAD_POINTS) })}
          hint={selected && t('recognition.pointsHint', { points: formatPoints(selected.points) })}
        >
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_LOAD_POINTS}
            step={1}
            value={state.points}
            onChange={(e) => dispatch({ type: 'points', points: e.target.value })}
            data-testid="load-points"
          />
        </Field>
        <div className="sm:col-span-2">
          <BilingualField
            label={t('recognition.reason')}
            required
            hint={t('recognition.reasonHint')}
            errors={{
              es: errors.reason && t('recognition.reasonInvalid'),
              en: errors.reasonEn && t('recognition.reasonInvalid'),
            }}
            es={
              <input
                type="text"
                value={state.reason}
                maxLength={300}
                onChange={(e) => dispatch({ type: 'reason', reason: e.target.value })}
                data-testid="load-reason"
              />
            }
            en={
              <input
                type="text"
                value={state.reasonEn}
                maxLength={300}
                onChange={(e) => dispatch({ type: 'reason', reasonEn: e.target.value })}
                data-testid="load-reason-en"
              />
            }
          />
        </div>
      </div>
    </div>
  );
}
