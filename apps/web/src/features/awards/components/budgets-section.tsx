import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { ActionsCell, CardRow, Cell, ResponsiveTable, StateRow } from '@/components/ui/responsive-table';
import { errorText } from '@/lib/error-text';
import { formatDate, formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useBudgets, useUpdateBudget } from '../api/budgets';
import type { Budget } from '../api/types';
import { BudgetForm } from './budget-form';
import { BudgetMovements } from './budget-movements';
import type { RenderPicker } from './give-award-form';

export const budgetScopeText = (t: (k: string) => string, b: Budget) =>
  b.scope === 'department'
    ? `${t('scope.department')}: ${b.department}`
    : b.scope === 'manager'
      ? `${t('scope.manager')}: ${b.manager?.name}`
      : t('scope.store');

/**
 * The budgets of the administrator's stores (super administrators: all), docs/architecture.md A6.19: each
 * one's scope, period, what is available, reserved and spent; a new one, a change of amount or reload,
 * closing one after a confirmation, and its movements a page at a time. `storeId` filters by a store.
 */
export function BudgetsSection({
  stores,
  storeId,
  renderPicker,
}: {
  stores: { id: number; title: string }[];
  storeId?: number;
  renderPicker: RenderPicker;
}) {
  const { t } = useTranslation('awards');
  const [page, setPage] = useState(1);
  const [closed, setClosed] = useState(false);
  const budgets = useBudgets({ storeId, closed: closed || undefined, page });
  const update = useUpdateBudget();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Budget | null>(null);
  const [closing, setClosing] = useState<Budget | null>(null);
  const [showing, setShowing] = useState<Budget | null>(null);
  const columns = [
    { label: t('budgets.columns.scope') },
    { label: t('budgets.columns.period') },
    { label: t('budgets.columns.available') },
    { label: t('budgets.columns.reserved') },
    { label: t('budgets.columns.spent') },
    { label: t('budgets.columns.actions') },
  ];

  async function confirmClose() {
    if (!closing) return;
    try {
      await update.mutateAsync({ id: closing.id, body: { closed: true } });
      toast.success(t('budgets.closed'));
    } catch (err) {
      toast.error(errorText(t, err));
    } finally {
      setClosing(null);
    }
  }

  return (
    <section aria-labelledby="budgets-title" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2 id="budgets-title" className="text-lg font-semibold text-slate-900">
            {t('budgets.title')}
          </h2>
          <p className="max-w-3xl text-sm text-slate-600">{t('budgets.help')}</p>
        </div>
        <Button className="self-start" onClick={() => setCreating(true)} disabled={stores.length === 0} data-testid="budget-new">
          {t('budgets.create')}
        </Button>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={closed}
          onChange={(e) => {
            setClosed(e.target.checked);
            setPage(1);
          }}
        />
        {t('budgets.showClosed')}
      </label>
      <ResponsiveTable columns={columns} caption={t('budgets.title')} busy={budgets.isFetching} data-testid="budgets">
        {budgets.isPending ? (
          <StateRow colSpan={columns.length}>
            <div className="h-4 animate-pulse rounded bg-slate-100" />
            <span className="sr-only">{t('common:loading')}</span>
          </StateRow>
        ) : budgets.isError ? (
          <StateRow colSpan={columns.length} className="text-center">
            <p role="alert" className="text-sm text-rose-700">
              {t('budgets.loadError')} {errorText(t, budgets.error)}
            </p>
            <Button variant="secondary" className="mt-3" onClick={() => void budgets.refetch()}>
              {t('retry')}
            </Button>
          </StateRow>
        ) : budgets.data.data.length === 0 ? (
          <StateRow colSpan={columns.length} className="text-center">
            <p className="text-sm text-slate-600" data-testid="budgets-empty">
              {t('budgets.empty')}
            </p>
          </StateRow>
        ) : (
          budgets.data.data.map((b) => (
            <CardRow key={b.id} className="align-top" data-testid="budget-row">
              <Cell primary>
                <span className="font-medium text-slate-900">{budgetScopeText(t, b)}</span>
                <span className="block text-xs text-slate-600">{b.storeName}</span>
                {b.closedAt && <span className="mt-1 inline-block rounded-full bg-slate-200 px-2 text-xs">{t('budgets.isClosed')}</span>}
              </Cell>
              <Cell label={t('budgets.columns.period')}>
                {t(`period.${b.period}`)} · {formatPoints(b.amount)}
                {b.reload && <span className="block text-xs text-slate-500">{t('budgets.reloads')}</span>}
                <span className="block text-xs text-slate-500">
                  {formatDate(b.periodStart, 'medium')}
                  {b.periodEnd && ` – ${formatDate(b.periodEnd, 'medium')}`}
                </span>
              </Cell>
              <Cell label={t('budgets.columns.available')}>
                <span className="font-semibold tabular-nums">{formatPoints(b.available)}</span>
              </Cell>
              <Cell label={t('budgets.columns.reserved')}>{formatPoints(b.reserved)}</Cell>
              <Cell label={t('budgets.columns.spent')}>{formatPoints(b.spentThisPeriod)}</Cell>
              <ActionsCell>
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  onClick={() => setShowing(b)}
                  aria-label={t('budgets.movementsLabel', { name: budgetScopeText(t, b) })}
                >
                  {t('budgets.movements')}
                </Button>
                {b.canManage && !b.closedAt && (
                  <>
                    <Button
                      variant="ghost"
                      className="px-2 py-1"
                      onClick={() => setEditing(b)}
                      aria-label={t('budgets.editLabel', { name: budgetScopeText(t, b) })}
                    >
                      {t('budgets.edit')}
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-2 py-1 text-rose-700 hover:bg-rose-50"
                      onClick={() => setClosing(b)}
                      aria-label={t('budgets.closeLabel', { name: budgetScopeText(t, b) })}
                    >
                      {t('budgets.close')}
                    </Button>
                  </>
                )}
              </ActionsCell>
            </CardRow>
          ))
        )}
      </ResponsiveTable>
      {budgets.data && <Pagination page={page} totalPages={budgets.data.totalPages} onChange={setPage} />}
      <Dialog open={creating} title={t('budgets.createTitle')} onClose={() => setCreating(false)}>
        {creating && (
          <BudgetForm
            stores={stores}
            storeId={storeId}
            renderPicker={renderPicker}
            onDone={() => {
              setCreating(false);
            }}
          />
        )}
      </Dialog>
      <Dialog open={editing !== null} title={t('budgets.editTitle')} onClose={() => setEditing(null)}>
        {editing && <BudgetForm stores={stores} budget={editing} renderPicker={renderPicker} onDone={() => setEditing(null)} />}
      </Dialog>
      <Dialog
        open={showing !== null}
        title={showing ? t('budgets.movementsTitle', { name: budgetScopeText(t, showing) }) : ''}
        onClose={() => setShowing(null)}
        wide
      >
        {showing && <BudgetMovements budgetId={showing.id} />}
        <div className="mt-4 flex justify-end">
          <Button variant="secondary" onClick={() => setShowing(null)}>
            {t('budgets.done')}
          </Button>
        </div>
      </Dialog>
      <ConfirmDialog
        open={closing !== null}
        title={t('budgets.closeTitle')}
        message={t('budgets.closeMessage', { available: formatPoints(closing?.available ?? 0) })}
        confirmLabel={t('budgets.close')}
        busy={update.isPending}
        onConfirm={() => void confirmClose()}
        onClose={() => setClosing(null)}
      />
    </section>
  );
}
