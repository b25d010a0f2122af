import { useState } from 'react';
import type { Reward } from '@rewards/shared/rewards';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog, useConfirmAction } from '@/components/ui/confirm-action';
import { Dialog } from '@/components/ui/dialog';
import { ActiveFilter, SearchForm } from '@/components/ui/list-toolbar';
import { Pagination } from '@/components/ui/pagination';
import { QueryRows } from '@/components/ui/query-rows';
import { ActionsCell, CardRow, Cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { useListFilters, type ListFilters } from '@/components/ui/use-list-filters';
import { lazyForm } from '@/components/ui/lazy-form';
import { Localized, useContent } from '@/components/ui/localized';
import { formatPoints } from '@/lib/format';
import { useRewardAction } from '../api/reward-action';
import { useRewards } from '../api/get-rewards';
import { frequencyLabel } from './frequency';
import type { AreaOption } from './reward-form';
import { StatusBadge } from './status-badge';

// Loaded when its dialog first opens: the list page downloads neither the form nor react-hook-form.
const RewardForm = lazyForm(() => import('./reward-form').then((m) => m.RewardForm));

const PAGE_SIZE = 20;

/**
 * The store's recognitions: search, status filter, paging; create and edit in a dialog; activate, deactivate,
 * delete. `areas` is undefined while they load: "New" waits for them, and the note that a recognition needs
 * an area shows only once they are known to be missing (never shown, then taken away, moving the list).
 */
export function RewardsPanel({ storeId, areas }: { storeId: number; areas: AreaOption[] | undefined }) {
  const { t } = useTranslation('rewards');
  const content = useContent();
  const list = useListFilters<ListFilters & { active?: boolean }>({ page: 1 });
  const rewards = useRewards({ storeId, pageSize: PAGE_SIZE, ...list.filters });
  const action = useRewardAction();
  const confirm = useConfirmAction((p) => action.mutateAsync(p), { ns: 'rewards' });
  const [editing, setEditing] = useState<Reward | 'new' | null>(null);
  const hasAreas = areas?.some((a) => a.active) ?? false;

  const rows = rewards.data?.data ?? [];
  return (
    <>
      <p className="-mt-1 mb-4 text-sm text-slate-600">{t('rewards.help')}</p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchForm id="reward-search" label={t('rewards.search')} button={t('search')} {...list.search} />
        <ActiveFilter
          label={t('status.label')}
          any={t('status.any')}
          active={t('status.active')}
          inactive={t('status.inactive')}
          value={list.filters.active}
          onChange={(active) => list.set({ active })}
        />
        <div className="ml-auto flex flex-col items-end gap-1">
          <Button onClick={() => setEditing('new')} disabled={!hasAreas} data-testid="new-reward">
            {t('rewards.new')}
          </Button>
          {areas && !hasAreas && <p className="text-xs text-slate-600">{t('rewards.noAreas')}</p>}
        </div>
      </div>
      <ResponsiveTable
        columns={[
          { label: t('columns.name') },
          { label: t('columns.area') },
          { label: t('columns.points'), end: true },
          { label: t('columns.frequency') },
          { label: t('columns.status') },
          { label: t('columns.actions'), end: true },
        ]}
        caption={t('tabs.rewards')}
        busy={rewards.isFetching}
      >
        <QueryRows
          query={rewards}
          colSpan={6}
          empty={list.filtered ? t('rewards.empty') : t('rewards.none')}
          loadError={t('loadError')}
          retry={t('retry')}
        />
        {rows.map((r) => {
          const name = content(r, 'name').text;
          return (
            <CardRow key={r.id} data-testid="reward-row">
              <Cell primary>
                <Localized value={content(r, 'name')} className="block font-medium text-slate-900" />
                <span className="block text-xs text-slate-500">{r.code}</span>
              </Cell>
              <Cell label={t('columns.area')} className="text-slate-700">
                {r.areaName === null ? (
                  t('noArea')
                ) : (
                  <Localized value={content({ areaName: r.areaName, areaNameEn: r.areaNameEn ?? '' }, 'areaName')} />
                )}
              </Cell>
              <Cell label={t('columns.points')} end>
                {formatPoints(r.points)}
              </Cell>
              <Cell label={t('columns.frequency')} className="text-slate-700 md:whitespace-nowrap">
                {frequencyLabel(t, r.frequencyLimit, r.frequencyPeriod, r.activityKind)}
              </Cell>
              <Cell label={t('columns.status')}>
                <StatusBadge active={r.active} />
              </Cell>
              <ActionsCell>
                <Button variant="ghost" className="px-2" onClick={() => setEditing(r)}>
                  {t('actions.edit')}
                  <span className="sr-only"> {name}</span>
                </Button>
                <Button
                  variant="ghost"
                  className="px-2"
                  onClick={() => confirm.setPending({ id: r.id, name, action: r.active ? 'deactivate' : 'activate' })}
                >
                  {r.active ? t('actions.deactivate') : t('actions.activate')}
                  <span className="sr-only"> {name}</span>
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 text-rose-700"
                  onClick={() => confirm.setPending({ id: r.id, name, action: 'delete' })}
                >
                  {t('actions.delete')}
                  <span className="sr-only"> {name}</span>
                </Button>
              </ActionsCell>
            </CardRow>
          );
        })}
      </ResponsiveTable>
      {rewards.data && <Pagination page={rewards.data.page} totalPages={rewards.data.totalPages} onChange={list.setPage} />}
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('rewards.new') : t('rewards.edit')}
        onClose={() => setEditing(null)}
        wide
      >
        {editing !== null && (
          <RewardForm
            storeId={storeId}
            reward={editing === 'new' ? undefined : editing}
            areas={areas ?? []}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
      <ConfirmActionDialog confirm={confirm} ns="rewards" kind="Reward" labels="actions" />
    </>
  );
}
