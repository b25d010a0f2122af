import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-actions';
import { errorText } from '@/lib/error-text';
import { formatPoints } from '@/lib/format';
import { useCreateBudget, useUpdateBudget } from '../api/budgets';
import type { PickedPerson, RenderPicker } from './give-award-form';
import {
  BUDGET_AMOUNT_MAX,
  budgetPeriods,
  budgetScopes,
  DEPARTMENT_MAX,
  type Budget,
  type BudgetPeriod,
  type BudgetScope,
} from '../api/types';

const input = 'w-full rounded-md border border-slate-300 px-3 py-2 text-sm';

/**
 * A new budget (scope store, department or one manager; amount; period; reload) or a change of one (its
 * amount and reload). `stores`: those the administrator may create budgets in.
 */
export function BudgetForm({
  stores,
  storeId,
  budget,
  renderPicker,
  onDone,
}: {
  renderPicker: RenderPicker;
  stores: { id: number; title: string }[];
  storeId?: number;
  budget?: Budget;
  onDone: () => void;
}) {
  const { t } = useTranslation('awards');
  const id = useId();
  const create = useCreateBudget();
  const update = useUpdateBudget();
  const [scope, setScope] = useState<BudgetScope>(budget?.scope ?? 'store');
  const [store, setStore] = useState(String(budget?.storeId ?? storeId ?? stores[0]?.id ?? ''));
  const [department, setDepartment] = useState('');
  const [manager, setManager] = useState<PickedPerson | null>(null);
  const [amount, setAmount] = useState(budget ? String(budget.amount) : '');
  const [period, setPeriod] = useState<BudgetPeriod>(budget?.period ?? 'month');
  const [reload, setReload] = useState(budget?.reload ?? true);
  const [checked, setChecked] = useState(false);
  const [failure, setFailure] = useState<string>();

  const value = /^\d+$/.test(amount.trim()) ? Number(amount) : null;
  const problems: Record<string, string> = {};
  if (value === null || value > BUDGET_AMOUNT_MAX) problems.amount = t('budgets.errors.amount', { max: formatPoints(BUDGET_AMOUNT_MAX) });
  if (!budget && scope === 'department' && !department.trim()) problems.department = t('budgets.errors.required');
  if (!budget && scope === 'manager' && !manager) problems.managerId = t('budgets.errors.manager');
  const err = (f: string) => (checked ? problems[f] : undefined);
  const pending = create.isPending || update.isPending;
  const noReload = period === 'none';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    setFailure(undefined);
    if (Object.keys(problems).length || value === null) return;
    try {
      if (budget) await update.mutateAsync({ id: budget.id, body: { amount: value, reload: budget.period === 'none' ? false : reload } });
      else
        await create.mutateAsync({
          scope,
          storeId: Number(store),
          ...(scope === 'department' ? { department: department.trim() } : {}),
          ...(scope === 'manager' ? { managerId: manager!.id } : {}),
          amount: value,
          period,
          reload: noReload ? false : reload,
        });
      onDone();
    } catch (e) {
      setFailure(errorText(t, e));
    }
  }

  const fieldError = (f: string) =>
    err(f) && (
      <p id={`${id}-${f}-error`} role="alert" className="text-xs font-medium text-rose-700">
        {err(f)}
      </p>
    );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" data-testid="budget-form">
      {!budget && (
        <>
          <div className="space-y-1">
            <label htmlFor={`${id}-store`} className="block text-sm font-medium text-slate-800">
              {t('budgets.columns.store')}
            </label>
            <select id={`${id}-store`} className={input} value={store} onChange={(e) => setStore(e.target.value)}>
              {stores.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <label htmlFor={`${id}-scope`} className="block text-sm font-medium text-slate-800">
              {t('budgets.scopeLabel')}
            </label>
            <select id={`${id}-scope`} className={input} value={scope} onChange={(e) => setScope(e.target.value as BudgetScope)}>
              {budgetScopes.map((s) => (
                <option key={s} value={s}>
                  {t(`scope.${s}`)}
                </option>
              ))}
            </select>
            <p className="text-xs text-slate-500">{t(`budgets.scopeHelp.${scope}`)}</p>
          </div>
          {scope === 'department' && (
            <div className="space-y-1">
              <label htmlFor={`${id}-department`} className="block text-sm font-medium text-slate-800">
                {t('budgets.department')}
              </label>
              <input
                id={`${id}-department`}
                className={input}
                value={department}
                maxLength={DEPARTMENT_MAX}
                onChange={(e) => setDepartment(e.target.value)}
                aria-invalid={!!err('department') || undefined}
                aria-describedby={err('department') ? `${id}-department-error` : undefined}
              />
              {fieldError('department')}
            </div>
          )}
          {scope === 'manager' && (
            <div className="space-y-1">
              <p className="block text-sm font-medium text-slate-800">{t('budgets.manager')}</p>
              {manager ? (
                <p className="flex items-center gap-2 text-sm" data-testid="budget-manager">
                  {manager.name}
                  <Button variant="ghost" className="px-2 py-0.5" onClick={() => setManager(null)}>
                    {t('budgets.changeManager')}
                  </Button>
                </p>
              ) : (
                renderPicker({
                  label: t('budgets.manager'),
                  exclude: [],
                  disabled: false,
                  error: !!err('managerId'),
                  describedBy: err('managerId') ? `${id}-managerId-error` : undefined,
                  onPick: setManager,
                  onBackspace: () => undefined,
                })
              )}
              {fieldError('managerId')}
            </div>
          )}
        </>
      )}
      <div className="space-y-1">
        <label htmlFor={`${id}-amount`} className="block text-sm font-medium text-slate-800">
          {t('budgets.amount')}
        </label>
        <input
          id={`${id}-amount`}
          type="number"
          inputMode="numeric"
          min={0}
          className={input}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={!!err('amount') || undefined}
          aria-describedby={err('amount') ? `${id}-amount-error` : `${id}-amount-hint`}
          data-testid="budget-amount"
        />
        <p id={`${id}-amount-hint`} className="text-xs text-slate-500">
          {budget ? t('budgets.amountChangeHint') : t('budgets.amountHint')}
        </p>
        {fieldError('amount')}
      </div>
      {!budget && (
        <div className="space-y-1">
          <label htmlFor={`${id}-period`} className="block text-sm font-medium text-slate-800">
            {t('budgets.period')}
          </label>
          <select id={`${id}-period`} className={input} value={period} onChange={(e) => setPeriod(e.target.value as BudgetPeriod)}>
            {budgetPeriods.map((p) => (
              <option key={p} value={p}>
                {t(`period.${p}`)}
              </option>
            ))}
          </select>
        </div>
      )}
      {!(budget ? budget.period === 'none' : noReload) && (
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input type="checkbox" className="mt-0.5 h-4 w-4" checked={reload} onChange={(e) => setReload(e.target.checked)} />
          <span>
            {t('budgets.reload')}
            <span className="block text-xs text-slate-500">{t('budgets.reloadHint')}</span>
          </span>
        </label>
      )}
      {failure && <FormError message={failure} />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={pending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" disabled={pending} data-testid="budget-save">
          {budget ? t('common:actions.save') : t('budgets.create')}
        </Button>
      </div>
    </form>
  );
}
