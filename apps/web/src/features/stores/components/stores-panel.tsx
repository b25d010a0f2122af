import { useState } from 'react';
import type { Store, StoreStatus } from '@rewards/shared/stores';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog, useConfirmAction } from '@/components/ui/confirm-action';
import { Dialog } from '@/components/ui/dialog';
import { FilterSelect, SearchForm } from '@/components/ui/list-toolbar';
import { Pagination } from '@/components/ui/pagination';
import { ActionsCell, CardRow, Cell, ResponsiveTable, StateRow } from '@/components/ui/responsive-table';
import { useListFilters, type ListFilters } from '@/components/ui/use-list-filters';
import { lazyForm } from '@/components/ui/lazy-form';
import { useAdminStoreList } from '../api/get-admin-stores';
import { useStoreAction } from '../api/store-action';
import { DeleteStoreDialog } from './delete-store-dialog';

// Loaded when its dialog first opens: the list page downloads neither the form nor react-hook-form.
const StoreForm = lazyForm(() => import('./store-form').then((m) => m.StoreForm));

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('stores');
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
    >
      {active ? t('badge.active') : t('badge.inactive')}
    </span>
  );
}

/** The stores of the company for super administrators: filters, the list, and its dialogs. */
export function StoresPanel() {
  const { t } = useTranslation('stores');
  const list = useListFilters<ListFilters & { status: StoreStatus }>({ status: 'all', page: 1 });
  const stores = useAdminStoreList({ ...list.filters, pageSize: 20 });
  const action = useStoreAction();
  const confirm = useConfirmAction((p) => action.mutateAsync(p), { ns: 'stores' });
  const [editing, setEditing] = useState<Store | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Store | null>(null);
  const rows = stores.data?.data ?? [];

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchForm id="store-search" label={t('search')} button={t('searchButton')} wide maxLength={120} {...list.search} />
        <FilterSelect
          id="store-status"
          label={t('status.label')}
          labelPlacement="beside"
          value={list.filters.status}
          onChange={(status) => list.set({ status: status as StoreStatus })}
          data-testid="store-status-filter"
        >
          <option value="all">{t('status.all')}</option>
          <option value="active">{t('status.active')}</option>
          <option value="inactive">{t('status.inactive')}</option>
        </FilterSelect>
        <Button className="ml-auto" onClick={() => setEditing('new')} data-testid="new-store">
          {t('new')}
        </Button>
      </div>
      <ResponsiveTable
        busy={stores.isFetching}
        caption={t('title')}
        columns={[
          { label: t('columns.title') },
          { label: t('columns.location') },
          { label: t('columns.coordinates'), from: 'lg' },
          { label: t('columns.status') },
          { label: t('columns.actions'), end: true },
        ]}
      >
        {stores.isPending && (
          <StateRow colSpan={5}>
            <div className="h-4 animate-pulse rounded bg-slate-100" />
          </StateRow>
        )}
        {stores.data && rows.length === 0 && (
          <StateRow colSpan={5} className="text-center text-slate-600">
            {list.filtered ? t('empty') : t('none')}
          </StateRow>
        )}
        {rows.map((s) => (
          <CardRow key={s.id} className="md:align-top" data-testid="store-row">
            <Cell primary>
              <p className="font-medium text-slate-900">{s.title}</p>
              <p className="text-xs text-slate-500 lg:hidden" data-testid="store-time-zone-short">
                {t('timeZone', { zone: s.timeZone })}
              </p>
              {(s.sedeId || s.inventoryId) && (
                <p className="text-xs text-slate-500">{[s.sedeId, s.inventoryId].filter(Boolean).join(' · ')}</p>
              )}
            </Cell>
            <Cell label={t('columns.location')} className="text-slate-700">
              {s.location}
            </Cell>
            <Cell label={t('columns.coordinates')} from="lg" className="text-slate-600 tabular-nums md:whitespace-nowrap">
              {s.lat}, {s.long}
              <p className="hidden text-xs text-slate-500 lg:block" data-testid="store-time-zone">
                {t('timeZone', { zone: s.timeZone })}
              </p>
            </Cell>
            <Cell label={t('columns.status')}>
              <StatusBadge active={s.active} />
            </Cell>
            <ActionsCell>
              <Button
                variant="ghost"
                className="px-2 py-1"
                onClick={() => setEditing(s)}
                aria-label={t('actions.editNamed', { name: s.title })}
              >
                {t('actions.edit')}
              </Button>
              <Button
                variant="ghost"
                className="px-2 py-1"
                onClick={() => confirm.setPending({ id: s.id, name: s.title, action: s.active ? 'deactivate' : 'activate' })}
              >
                {s.active ? t('actions.deactivate') : t('actions.activate')}
              </Button>
              <Button variant="ghost" className="px-2 py-1 text-rose-700 hover:bg-rose-50" onClick={() => setDeleting(s)}>
                {t('actions.delete')}
              </Button>
            </ActionsCell>
          </CardRow>
        ))}
      </ResponsiveTable>
      {stores.data && <Pagination page={stores.data.page} totalPages={stores.data.totalPages} onChange={list.setPage} />}
      <Dialog open={editing !== null} title={editing === 'new' ? t('new') : t('edit')} onClose={() => setEditing(null)} wide>
        {editing !== null && <StoreForm store={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmActionDialog confirm={confirm} ns="stores" labels="actions" />
      <DeleteStoreDialog store={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
