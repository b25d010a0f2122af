import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reward } from '@rewards/shared/rewards';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { errorText } from '@/lib/error-text';
import { useRewardAction, type RewardAction } from '../api/reward-action';
import { useRewards } from '../api/get-rewards';
import { frequencyLabel } from './frequency';
import { RewardForm, type AreaOption } from './reward-form';
import { StatusBadge } from './status-badge';

const PAGE_SIZE = 20;

/** The store's recognitions: search, status filter, paging; create and edit in a dialog; activate, deactivate, delete. */
export function RewardsPanel({ storeId, areas }: { storeId: number; areas: AreaOption[] }) {
  const { t } = useTranslation('rewards');
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<{ search?: string; active?: boolean; page: number }>({ page: 1 });
  const rewards = useRewards({ storeId, pageSize: PAGE_SIZE, ...filters });
  const action = useRewardAction();
  const [editing, setEditing] = useState<Reward | 'new' | null>(null);
  const [pending, setPending] = useState<{ reward: Reward; action: RewardAction } | null>(null);
  const hasAreas = areas.some((a) => a.active);

  function search(e: FormEvent) {
    e.preventDefault();
    setFilters((f) => ({ ...f, search: draft.trim() || undefined, page: 1 }));
  }

  async function confirm() {
    if (!pending) return;
    try {
      await action.mutateAsync({ id: pending.reward.id, action: pending.action });
      toast.success(t(`messages.${pending.action}d`));
    } catch (err) {
      toast.error(errorText(t, err));
    } finally {
      setPending(null);
    }
  }

  const filtered = Boolean(filters.search) || filters.active !== undefined;
  const rows = rewards.data?.data ?? [];
  return (
    <>
      <p className="-mt-1 mb-4 text-sm text-slate-600">{t('rewards.help')}</p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <form role="search" onSubmit={search} className="flex gap-2">
          <label htmlFor="reward-search" className="sr-only">
            {t('rewards.search')}
          </label>
          <input
            id="reward-search"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('rewards.search')}
            className="w-56 rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <Button type="submit" variant="secondary">
            {t('search')}
          </Button>
        </form>
        <label className="text-sm">
          <span className="sr-only">{t('status.label')}</span>
          <select
            className="rounded-md border border-slate-300 px-2 py-2"
            value={filters.active === undefined ? '' : String(filters.active)}
            onChange={(e) => setFilters((f) => ({ ...f, active: e.target.value === '' ? undefined : e.target.value === 'true', page: 1 }))}
          >
            <option value="">{t('status.any')}</option>
            <option value="true">{t('status.active')}</option>
            <option value="false">{t('status.inactive')}</option>
          </select>
        </label>
        <div className="ml-auto flex flex-col items-end gap-1">
          <Button onClick={() => setEditing('new')} disabled={!hasAreas} data-testid="new-reward">
            {t('rewards.new')}
          </Button>
          {!hasAreas && <p className="text-xs text-slate-600">{t('rewards.noAreas')}</p>}
        </div>
      </div>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('tabs.rewards')}</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('columns.name')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('columns.area')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('columns.points')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('columns.frequency')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('columns.status')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody aria-busy={rewards.isFetching}>
            {rewards.isPending && (
              <tr>
                <td colSpan={6} className="px-3 py-6">
                  <div className="h-4 animate-pulse rounded bg-slate-100" />
                  <span className="sr-only">{t('loading', { ns: 'common' })}</span>
                </td>
              </tr>
            )}
            {rewards.isError && (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center" role="alert">
                  <span className="text-rose-700">{t('loadError')}</span>{' '}
                  <Button variant="ghost" onClick={() => void rewards.refetch()}>
                    {t('retry')}
                  </Button>
                </td>
              </tr>
            )}
            {rewards.isSuccess && rows.length === 0 && (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-slate-600">
                  {filtered ? t('rewards.empty') : t('rewards.none')}
                </td>
              </tr>
            )}
            {rows.map((r) => (
              <tr key={r.id} className="border-t border-slate-100" data-testid="reward-row">
                <td className="px-3 py-2">
                  <span className="block font-medium text-slate-900">{r.name}</span>
                  <span className="block text-xs text-slate-500">{r.code}</span>
                </td>
                <td className="px-3 py-2 text-slate-700">{r.areaName ?? t('noArea')}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatPoints(r.points)}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-700">{frequencyLabel(t, r.frequencyLimit, r.frequencyPeriod)}</td>
                <td className="px-3 py-2">
                  <StatusBadge active={r.active} />
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap">
                  <Button variant="ghost" className="px-2" onClick={() => setEditing(r)}>
                    {t('actions.edit')}
                    <span className="sr-only"> {r.name}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2"
                    onClick={() => setPending({ reward: r, action: r.active ? 'deactivate' : 'activate' })}
                  >
                    {r.active ? t('actions.deactivate') : t('actions.activate')}
                    <span className="sr-only"> {r.name}</span>
                  </Button>
                  <Button variant="ghost" className="px-2 text-rose-700" onClick={() => setPending({ reward: r, action: 'delete' })}>
                    {t('actions.delete')}
                    <span className="sr-only"> {r.name}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rewards.data && (
        <Pagination
          page={rewards.data.page}
          totalPages={rewards.data.totalPages}
          onChange={(page) => setFilters((f) => ({ ...f, page }))}
        />
      )}
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('rewards.new') : t('rewards.edit')}
        onClose={() => setEditing(null)}
        wide
      >
        {editing !== null && (
          <RewardForm storeId={storeId} reward={editing === 'new' ? undefined : editing} areas={areas} onDone={() => setEditing(null)} />
        )}
      </Dialog>
      <ConfirmDialog
        open={pending !== null}
        title={t(`confirm.${pending?.action ?? 'delete'}Title`)}
        message={t(`confirm.${pending?.action ?? 'delete'}Reward`, { name: pending?.reward.name ?? '' })}
        confirmLabel={t(`actions.${pending?.action ?? 'delete'}`)}
        danger={pending?.action !== 'activate'}
        busy={action.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </>
  );
}
