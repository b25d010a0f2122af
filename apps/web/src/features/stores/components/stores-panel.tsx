import { useState } from 'react';
import type { Store, StoreStatus } from '@rewards/shared/stores';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog, useConfirmAction } from '@/components/ui/confirm-action';
import { Dialog } from '@/components/ui/dialog';
import { FilterSelect, SearchForm } from '@/components/ui/list-toolbar';
import { Pagination } from '@/components/ui/pagination';
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
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="block w-full text-left text-sm md:table">
          <thead className="hidden bg-slate-50 text-slate-600 md:table-header-group">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('columns.title')}
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium md:table-cell">
                {t('columns.location')}
              </th>
              <th scope="col" className="hidden px-4 py-2 font-medium lg:table-cell">
                {t('columns.coordinates')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('columns.status')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                {t('columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody className="block md:table-row-group" aria-busy={stores.isFetching}>
            {stores.isPending && (
              <tr className="block md:table-row">
                <td colSpan={5} className="block px-4 py-6 md:table-cell">
                  <div className="h-4 animate-pulse rounded bg-slate-100" />
                </td>
              </tr>
            )}
            {stores.data && rows.length === 0 && (
              <tr className="block md:table-row">
                <td colSpan={5} className="block px-4 py-6 text-center text-slate-600 md:table-cell">
                  {list.filtered ? t('empty') : t('none')}
                </td>
              </tr>
            )}
            {rows.map((s) => (
              <tr
                key={s.id}
                className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-slate-100 px-4 py-3 first:border-t-0 md:table-row md:p-0 md:align-top md:first:border-t"
                data-testid="store-row"
              >
                <td className="col-start-1 row-start-1 min-w-0 md:px-4 md:py-3">
                  <p className="font-medium text-slate-900">{s.title}</p>
                  <p className="text-xs text-slate-600 md:hidden">{s.location}</p>
                  <p className="text-xs text-slate-500 lg:hidden" data-testid="store-time-zone-short">
                    {t('timeZone', { zone: s.timeZone })}
                  </p>
                  {(s.sedeId || s.inventoryId) && (
                    <p className="text-xs text-slate-500">{[s.sedeId, s.inventoryId].filter(Boolean).join(' · ')}</p>
                  )}
                </td>
                <td className="hidden px-4 py-3 text-slate-700 md:table-cell">{s.location}</td>
                <td className="hidden px-4 py-3 whitespace-nowrap text-slate-600 tabular-nums lg:table-cell">
                  {s.lat}, {s.long}
                  <p className="text-xs text-slate-500" data-testid="store-time-zone">
                    {t('timeZone', { zone: s.timeZone })}
                  </p>
                </td>
                <td className="col-start-2 row-start-1 md:px-4 md:py-3">
                  <StatusBadge active={s.active} />
                </td>
                <td className="col-span-2 row-start-2 md:px-4 md:py-2 md:text-right">
                  <div className="-ml-2 flex flex-wrap gap-1 md:ml-0 md:justify-end">
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
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {stores.data && <Pagination page={stores.data.page} totalPages={stores.data.totalPages} onChange={list.setPage} />}
      <Dialog open={editing !== null} title={editing === 'new' ? t('new') : t('edit')} onClose={() => setEditing(null)} wide>
        {editing !== null && <StoreForm store={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmActionDialog confirm={confirm} ns="stores" labels="actions" />
      <DeleteStoreDialog store={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
