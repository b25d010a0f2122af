import { useState } from 'react';
import type { Area } from '@rewards/shared/areas';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog, useConfirmAction } from '@/components/ui/confirm-action';
import { Dialog } from '@/components/ui/dialog';
import { ActiveFilter, SearchForm } from '@/components/ui/list-toolbar';
import { Pagination } from '@/components/ui/pagination';
import { useListFilters, type ListFilters } from '@/components/ui/use-list-filters';
import { lazyForm } from '@/components/ui/lazy-form';
import { Localized, useContent } from '@/components/ui/localized';
import { useAreaAction } from '../api/area-action';
import { useAreas } from '../api/get-areas';

// Loaded when its dialog first opens: the list page downloads neither the form nor react-hook-form.
const AreaForm = lazyForm(() => import('./area-form').then((m) => m.AreaForm));

const PAGE_SIZE = 20;

/** The store's areas: search, status filter, paging; create and edit in a dialog; activate, deactivate, delete. */
export function AreasPanel({ storeId }: { storeId: number }) {
  const { t } = useTranslation('rewards');
  const content = useContent();
  const list = useListFilters<ListFilters & { active?: boolean }>({ page: 1 });
  const areas = useAreas({ storeId, pageSize: PAGE_SIZE, ...list.filters });
  const action = useAreaAction();
  const confirm = useConfirmAction((p) => action.mutateAsync(p), { ns: 'rewards' });
  const [editing, setEditing] = useState<Area | 'new' | null>(null);

  const rows = areas.data?.data ?? [];
  return (
    <>
      <p className="-mt-1 mb-4 text-sm text-slate-600">{t('areas.help')}</p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchForm id="area-search" label={t('areas.search')} button={t('search')} {...list.search} />
        <ActiveFilter
          label={t('status.label')}
          any={t('status.any')}
          active={t('status.active')}
          inactive={t('status.inactive')}
          value={list.filters.active}
          onChange={(active) => list.set({ active })}
        />
        <Button className="ml-auto" onClick={() => setEditing('new')} data-testid="new-area">
          {t('areas.new')}
        </Button>
      </div>
      <div aria-busy={areas.isFetching}>
        {areas.isPending && (
          <div className="h-24 animate-pulse rounded-xl bg-white">
            <span className="sr-only">{t('loading', { ns: 'common' })}</span>
          </div>
        )}
        {areas.isError && (
          <p role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800">
            {t('loadError')}{' '}
            <Button variant="ghost" onClick={() => void areas.refetch()}>
              {t('retry')}
            </Button>
          </p>
        )}
        {areas.isSuccess && rows.length === 0 && <p className="text-slate-600">{list.filtered ? t('areas.empty') : t('areas.none')}</p>}
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((a) => {
            const name = content(a, 'name').text;
            return (
              <li key={a.id} className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3" data-testid="area-card">
                <div className="flex items-center gap-2">
                  <Localized value={content(a, 'name')} className="truncate font-semibold text-slate-900" />
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold ${a.active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
                  >
                    {a.active ? t('status.active') : t('status.inactive')}
                  </span>
                </div>
                <Localized as="p" value={content(a, 'description')} className="line-clamp-2 text-xs text-slate-600" />
                <p className="text-xs text-slate-700">{t('areas.rewardCount', { n: a.rewardCount })}</p>
                <div className="mt-1 flex flex-wrap gap-1">
                  <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(a)}>
                    {t('actions.edit')}
                    <span className="sr-only"> {name}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-1"
                    onClick={() => confirm.setPending({ id: a.id, name, action: a.active ? 'deactivate' : 'activate' })}
                  >
                    {a.active ? t('actions.deactivate') : t('actions.activate')}
                    <span className="sr-only"> {name}</span>
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-rose-700"
                    onClick={() => confirm.setPending({ id: a.id, name, action: 'delete' })}
                  >
                    {t('actions.delete')}
                    <span className="sr-only"> {name}</span>
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
      {areas.data && <Pagination page={areas.data.page} totalPages={areas.data.totalPages} onChange={list.setPage} />}
      <Dialog open={editing !== null} title={editing === 'new' ? t('areas.new') : t('areas.edit')} onClose={() => setEditing(null)} wide>
        {editing !== null && <AreaForm storeId={storeId} area={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmActionDialog confirm={confirm} ns="rewards" kind="Area" labels="actions" />
    </>
  );
}
