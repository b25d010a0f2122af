import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area } from '@rewards/shared/areas';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { toast } from '@/lib/toast';
import { errorText } from '@/lib/error-text';
import { useAreaAction, type AreaAction } from '../api/area-action';
import { useAreas } from '../api/get-areas';
import { AreaForm } from './area-form';

const PAGE_SIZE = 20;

/** The store's areas: search, status filter, paging; create and edit in a dialog; activate, deactivate, delete. */
export function AreasPanel({ storeId }: { storeId: number }) {
  const { t } = useTranslation('rewards');
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<{ search?: string; active?: boolean; page: number }>({ page: 1 });
  const areas = useAreas({ storeId, pageSize: PAGE_SIZE, ...filters });
  const action = useAreaAction();
  const [editing, setEditing] = useState<Area | 'new' | null>(null);
  const [pending, setPending] = useState<{ area: Area; action: AreaAction } | null>(null);

  function search(e: FormEvent) {
    e.preventDefault();
    setFilters((f) => ({ ...f, search: draft.trim() || undefined, page: 1 }));
  }

  async function confirm() {
    if (!pending) return;
    try {
      await action.mutateAsync({ id: pending.area.id, action: pending.action });
      toast.success(t(`messages.${pending.action}d`));
    } catch (err) {
      toast.error(errorText(t, err));
    } finally {
      setPending(null);
    }
  }

  const filtered = Boolean(filters.search) || filters.active !== undefined;
  const rows = areas.data?.data ?? [];
  return (
    <>
      <p className="-mt-1 mb-4 text-sm text-slate-600">{t('areas.help')}</p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <form role="search" onSubmit={search} className="flex gap-2">
          <label htmlFor="area-search" className="sr-only">
            {t('areas.search')}
          </label>
          <input
            id="area-search"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('areas.search')}
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
        {areas.isSuccess && rows.length === 0 && <p className="text-slate-600">{filtered ? t('areas.empty') : t('areas.none')}</p>}
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {rows.map((a) => (
            <li key={a.id} className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3" data-testid="area-card">
              <div className="flex items-center gap-2">
                <span className="truncate font-semibold text-slate-900">{a.name}</span>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${a.active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
                >
                  {a.active ? t('status.active') : t('status.inactive')}
                </span>
              </div>
              <p className="line-clamp-2 text-xs text-slate-600">{a.description}</p>
              <p className="text-xs text-slate-700">{t('areas.rewardCount', { n: a.rewardCount })}</p>
              <div className="mt-1 flex flex-wrap gap-1">
                <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(a)}>
                  {t('actions.edit')}
                  <span className="sr-only"> {a.name}</span>
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  onClick={() => setPending({ area: a, action: a.active ? 'deactivate' : 'activate' })}
                >
                  {a.active ? t('actions.deactivate') : t('actions.activate')}
                  <span className="sr-only"> {a.name}</span>
                </Button>
                <Button variant="ghost" className="px-2 py-1 text-rose-700" onClick={() => setPending({ area: a, action: 'delete' })}>
                  {t('actions.delete')}
                  <span className="sr-only"> {a.name}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </div>
      {areas.data && (
        <Pagination page={areas.data.page} totalPages={areas.data.totalPages} onChange={(page) => setFilters((f) => ({ ...f, page }))} />
      )}
      <Dialog open={editing !== null} title={editing === 'new' ? t('areas.new') : t('areas.edit')} onClose={() => setEditing(null)}>
        {editing !== null && <AreaForm storeId={storeId} area={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmDialog
        open={pending !== null}
        title={t(`confirm.${pending?.action ?? 'delete'}Title`)}
        message={t(`confirm.${pending?.action ?? 'delete'}Area`, { name: pending?.area.name ?? '' })}
        confirmLabel={t(`actions.${pending?.action ?? 'delete'}`)}
        danger={pending?.action !== 'activate'}
        busy={action.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </>
  );
}
