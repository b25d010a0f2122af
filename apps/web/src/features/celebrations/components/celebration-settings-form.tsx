import { useId, useState, type FormEvent } from 'react';
import {
  CELEBRATION_POINTS_MAX,
  celebrationChoices,
  celebrationKinds,
  DEFAULT_CELEBRATIONS,
  feb29Rules,
  HEADS_UP_DAYS_MAX,
} from '@rewards/shared/celebration-rules';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-actions';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import { formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useFieldMessage } from '@/lib/validation';
import { useSaveCelebrationSettings } from '../api/settings';
import { useStoreBudgets } from '../api/store-budgets';
import type { CelebrationSettings } from '../api/types';
import {
  draftOf,
  hasErrors,
  MILESTONE_YEARS_MAX,
  MILESTONES_MAX,
  newMilestone,
  validateSettings,
  valuesOf,
  type SettingsDraft,
  type SettingsErrors,
  type SettingsField,
} from './settings-draft';

const hours = Array.from({ length: 24 }, (_, h) => h);
const numberFields = ['birthdayPoints', 'anniversaryPoints', 'welcomePoints', 'headsUpDays'] as const;

/**
 * A store's celebration settings (docs/architecture.md A6.17): the local hour celebrations are posted from,
 * the points of each kind, the anniversary milestones (years of service -> points instead), where 29 February
 * is celebrated in a common year, how many days ahead managers hear of one, and each kind's default choice for
 * people who made none, and the store budget that pays the points (A6.19; none: not counted against a
 * budget). `disabled` shows the same fields, empty of meaning, while the settings load (nothing
 * below moves when they arrive).
 */
export function CelebrationSettingsForm({
  storeId,
  settings,
  disabled = false,
}: {
  storeId: number;
  settings?: CelebrationSettings;
  disabled?: boolean;
}) {
  const { t } = useTranslation('celebrations');
  const id = useId();
  const message = useFieldMessage();
  const save = useSaveCelebrationSettings(storeId);
  const budgets = useStoreBudgets(storeId, !disabled);
  const [saved, setSaved] = useState(() => draftOf(settings ?? DEFAULT_CELEBRATIONS));
  const [draft, setDraft] = useState<SettingsDraft>(saved);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<SettingsField, string>>>({});
  const [rootError, setRootError] = useState<string>();
  const [budgetError, setBudgetError] = useState<string>();
  const errors: SettingsErrors = tried ? validateSettings(draft) : { fields: {}, milestones: {} };
  const dirty = JSON.stringify(valuesOfSafe(draft)) !== JSON.stringify(valuesOfSafe(saved));
  const set = (patch: Partial<SettingsDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors({});
    setRootError(undefined);
    setBudgetError(undefined);
  };
  const problem = (field: SettingsField, max: number) =>
    message(serverErrors[field]) ?? (errors.fields[field] ? t('settings.range', { min: 0, max: formatPoints(max) }) : undefined);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (hasErrors(validateSettings(draft))) return;
    try {
      const result = await save.mutateAsync(valuesOf(draft));
      const next = draftOf(result);
      setSaved(next);
      setDraft(next);
      setTried(false);
      toast.success(t('settings.saved'));
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (err instanceof ApiError && err.code === 'CELEBRATION_BUDGET_INVALID') setBudgetError(errorText(t, err));
      else if (Object.keys(fields).length > 0) setServerErrors(fields);
      else setRootError(errorText(t, err));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-6" data-testid="celebration-settings-form">
      <fieldset disabled={disabled || save.isPending} className="space-y-6" aria-busy={disabled || undefined}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('settings.localHour')} hint={t('settings.localHourHint')} error={problem('localHour', 23)}>
            <select value={draft.localHour} onChange={(e) => set({ localHour: e.target.value })} data-testid="celebration-localHour">
              {hours.map((h) => (
                <option key={h} value={String(h)}>
                  {`${String(h).padStart(2, '0')}:00`}
                </option>
              ))}
            </select>
          </Field>
          {numberFields.map((f) => (
            <Field
              key={f}
              label={t(`settings.${f}`)}
              hint={t(`settings.${f}Hint`)}
              error={problem(f, f === 'headsUpDays' ? HEADS_UP_DAYS_MAX : CELEBRATION_POINTS_MAX)}
            >
              <input
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                value={draft[f]}
                onChange={(e) => set({ [f]: e.target.value })}
                data-testid={`celebration-${f}`}
              />
            </Field>
          ))}
        </div>

        <fieldset className="space-y-2" aria-describedby={`${id}-milestones-hint`}>
          <legend className="text-sm font-medium text-slate-800">{t('settings.milestones')}</legend>
          <p id={`${id}-milestones-hint`} className="text-xs text-slate-500">
            {t('settings.milestonesHint')}
          </p>
          {draft.milestones.length === 0 && <p className="text-sm text-slate-600">{t('settings.noMilestones')}</p>}
          <ul className="space-y-2" data-testid="celebration-milestones">
            {draft.milestones.map((m, i) => {
              const bad = errors.milestones[m.id];
              const update = (patch: Partial<typeof m>) =>
                set({ milestones: draft.milestones.map((x) => (x.id === m.id ? { ...x, ...patch } : x)) });
              return (
                <li key={m.id} className="flex flex-wrap items-start gap-2">
                  <label className="flex flex-col gap-1 text-xs text-slate-700">
                    {t('settings.milestoneYears')}
                    <input
                      type="number"
                      inputMode="numeric"
                      min={1}
                      max={MILESTONE_YEARS_MAX}
                      value={m.years}
                      onChange={(e) => update({ years: e.target.value })}
                      aria-invalid={bad?.years ? true : undefined}
                      className={`w-24 rounded-md border px-3 py-2 text-sm ${bad?.years ? 'border-rose-500' : 'border-slate-300'}`}
                      aria-label={t('settings.milestoneYearsOf', { n: i + 1 })}
                    />
                  </label>
                  <label className="flex flex-col gap-1 text-xs text-slate-700">
                    {t('settings.milestonePoints')}
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      value={m.points}
                      onChange={(e) => update({ points: e.target.value })}
                      aria-invalid={bad?.points ? true : undefined}
                      className={`w-32 rounded-md border px-3 py-2 text-sm ${bad?.points ? 'border-rose-500' : 'border-slate-300'}`}
                      aria-label={t('settings.milestonePointsOf', { n: i + 1 })}
                    />
                  </label>
                  <Button
                    variant="ghost"
                    className="mt-5 px-2 py-2 text-rose-700"
                    onClick={() => set({ milestones: draft.milestones.filter((x) => x.id !== m.id) })}
                    aria-label={t('settings.removeMilestone', { n: i + 1 })}
                  >
                    ✕
                  </Button>
                  {bad && (
                    <p role="alert" className="w-full text-xs font-medium text-rose-700">
                      {bad.years === 'duplicate'
                        ? t('settings.milestoneDuplicate')
                        : t('settings.milestoneRange', { max: MILESTONE_YEARS_MAX, points: formatPoints(CELEBRATION_POINTS_MAX) })}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
          {serverErrors.milestones && (
            <p role="alert" className="text-xs font-medium text-rose-700">
              {message(serverErrors.milestones)}
            </p>
          )}
          <Button
            variant="secondary"
            className="py-1.5"
            disabled={draft.milestones.length >= MILESTONES_MAX}
            onClick={() => set({ milestones: [...draft.milestones, newMilestone()] })}
            data-testid="celebration-add-milestone"
          >
            {t('settings.addMilestone')}
          </Button>
        </fieldset>

        <Field label={t('settings.budget')} hint={t('settings.budgetHint')} error={budgetError}>
          <select value={draft.budgetId} onChange={(e) => set({ budgetId: e.target.value })} data-testid="celebration-budget">
            <option value="">{t('settings.noBudget')}</option>
            {draft.budgetId !== '' && !budgets.data?.some((b) => String(b.id) === draft.budgetId) && (
              <option value={draft.budgetId}>{t('settings.budgetUnlisted', { id: draft.budgetId })}</option>
            )}
            {(budgets.data ?? []).map((b) => (
              <option key={b.id} value={String(b.id)}>
                {t('settings.budgetOption', {
                  id: b.id,
                  period: t(`settings.budgetPeriods.${b.period}`),
                  amount: formatPoints(b.amount),
                  available: formatPoints(b.available),
                })}
              </option>
            ))}
          </select>
        </Field>

        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('settings.feb29')}</legend>
          <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {feb29Rules.map((rule) => (
              <label key={rule} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${id}-feb29`}
                  value={rule}
                  checked={draft.feb29 === rule}
                  onChange={() => set({ feb29: rule })}
                  className="h-4 w-4"
                />
                {t(`settings.feb29Rules.${rule}`)}
              </label>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('settings.defaults')}</legend>
          <p className="mb-2 text-xs text-slate-500">{t('settings.defaultsHint')}</p>
          <div className="grid gap-4 sm:grid-cols-3">
            {celebrationKinds.map((kind) => (
              <Field key={kind} label={t(`kinds.${kind}`)}>
                <select
                  value={draft.defaults[kind]}
                  onChange={(e) => set({ defaults: { ...draft.defaults, [kind]: e.target.value as (typeof celebrationChoices)[number] } })}
                  data-testid={`celebration-default-${kind}`}
                >
                  {celebrationChoices.map((c) => (
                    <option key={c} value={c}>
                      {t(`choices.${c}`)}
                    </option>
                  ))}
                </select>
              </Field>
            ))}
          </div>
        </fieldset>
      </fieldset>
      <FormError message={rootError} />
      <div className="flex justify-end">
        <Button type="submit" disabled={disabled || save.isPending || !dirty} data-testid="celebration-settings-save">
          {t('common:actions.save')}
        </Button>
      </div>
    </form>
  );
}

/** The values a draft would save, or the draft itself while it has errors (to compare with what was saved). */
function valuesOfSafe(d: SettingsDraft): unknown {
  return hasErrors(validateSettings(d)) ? d : valuesOf(d);
}

/** The server's refusals on the settings' fields (`details`), by field; a milestone's go to the list. */
function fieldErrorsOf(err: unknown): Partial<Record<SettingsField, string>> {
  if (!(err instanceof ApiError) || !Array.isArray(err.details)) return {};
  const out: Partial<Record<SettingsField, string>> = {};
  for (const d of err.details as { field?: string; message?: string }[]) {
    const name = d.field?.replace(/^body\./, '').split('.')[0];
    if (name && ['localHour', 'birthdayPoints', 'anniversaryPoints', 'welcomePoints', 'headsUpDays', 'milestones'].includes(name))
      out[name as SettingsField] = d.message ?? '';
  }
  return out;
}
