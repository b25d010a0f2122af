import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-actions';
import { errorText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useApprovalRules, useSaveApprovalRules } from '../api/budgets';
import { APPROVAL_DAYS_MAX, APPROVAL_LEVELS_MAX, AWARD_POINTS_MAX, type ApprovalRules } from '../api/types';

const fields = ['firstThreshold', 'secondThreshold', 'levels', 'reminderDays', 'escalationDays'] as const;
type RuleField = (typeof fields)[number];
const bounds: Record<RuleField, number> = {
  firstThreshold: AWARD_POINTS_MAX,
  secondThreshold: AWARD_POINTS_MAX,
  levels: APPROVAL_LEVELS_MAX,
  reminderDays: APPROVAL_DAYS_MAX,
  escalationDays: APPROVAL_DAYS_MAX,
};

/** The checks of the server's rules (awards.ts approvalRulesInputSchema), by field. */
export function rulesProblems(v: Record<RuleField, string>): Partial<Record<RuleField, { key: string; max?: number }>> {
  const out: Partial<Record<RuleField, { key: string; max?: number }>> = {};
  const n = (f: RuleField) => (/^\d+$/.test(v[f].trim()) ? Number(v[f]) : NaN);
  for (const f of fields) if (!(n(f) >= 1 && n(f) <= bounds[f])) out[f] = { key: 'range', max: bounds[f] };
  if (!out.secondThreshold && !out.firstThreshold && n('secondThreshold') < n('firstThreshold')) out.secondThreshold = { key: 'second' };
  if (!out.escalationDays && !out.reminderDays && n('escalationDays') <= n('reminderDays')) out.escalationDays = { key: 'escalation' };
  return out;
}

const asText = (r: ApprovalRules) => Object.fromEntries(fields.map((f) => [f, String(r[f])])) as Record<RuleField, string>;

/** A store's approval rules (docs/architecture.md A6.19): thresholds per recipient, levels, reminder and escalation days. */
export function RulesForm({ storeId }: { storeId: number }) {
  const { t } = useTranslation('awards');
  const id = useId();
  const rules = useApprovalRules(storeId);
  const save = useSaveApprovalRules();
  const [values, setValues] = useState<Record<RuleField, string> | null>(null);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    if (rules.data) setValues(asText(rules.data));
  }, [rules.data]);

  if (!rules.data || !values)
    return rules.isError ? <FormError message={errorText(t, rules.error)} /> : <p aria-busy="true">{t('common:loading')}</p>;
  const problems = rulesProblems(values);
  const updatedAt = rules.data.updatedAt;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(problems).length || !values) return;
    try {
      await save.mutateAsync({
        storeId,
        body: Object.fromEntries(fields.map((f) => [f, Number(values[f])])) as Record<RuleField, number>,
      });
      toast.success(t('rules.saved'));
      setChecked(false);
    } catch (err) {
      toast.error(errorText(t, err));
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="rules-form"
    >
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{t('rules.title')}</h2>
        <p className="max-w-3xl text-sm text-slate-600">{t('rules.help')}</p>
        <p className="text-xs text-slate-500">
          {updatedAt ? t('rules.updated', { date: formatDateTime(updatedAt) }) : t('rules.defaults')}
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {fields.map((f) => {
          const problem = checked ? problems[f] : undefined;
          return (
            <div key={f} className="space-y-1">
              <label htmlFor={`${id}-${f}`} className="block text-sm font-medium text-slate-800">
                {t(`rules.fields.${f}`)}
              </label>
              <input
                id={`${id}-${f}`}
                type="number"
                inputMode="numeric"
                min={1}
                max={bounds[f]}
                value={values[f]}
                onChange={(e) => setValues({ ...values, [f]: e.target.value })}
                aria-invalid={!!problem || undefined}
                aria-describedby={problem ? `${id}-${f}-error` : undefined}
                className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
                data-testid={`rules-${f}`}
              />
              {problem && (
                <p id={`${id}-${f}-error`} role="alert" className="text-xs font-medium text-rose-700">
                  {t(`rules.errors.${problem.key}`, { max: problem.max })}
                </p>
              )}
            </div>
          );
        })}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending} data-testid="rules-save">
          {t('rules.save')}
        </Button>
      </div>
    </form>
  );
}
