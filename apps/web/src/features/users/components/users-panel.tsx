import { useState, type ReactNode } from 'react';
import { Role, roleValues } from '@rewards/shared/enums';
import type { UserListItem, UserListQuery } from '@rewards/shared/users';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog, useConfirmAction } from '@/components/ui/confirm-action';
import { Dialog } from '@/components/ui/dialog';
import { ActiveFilter, FilterSelect, SearchForm } from '@/components/ui/list-toolbar';
import { Pagination } from '@/components/ui/pagination';
import { ActionsCell, CardRow, Cell, ResponsiveTable, StateRow } from '@/components/ui/responsive-table';
import { useListFilters } from '@/components/ui/use-list-filters';
import { lazyForm } from '@/components/ui/lazy-form';
import { formatPoints } from '@/lib/format';
import { useUsers } from '../api/get-users';
import { useSetUserActive } from '../api/set-user-active';
import { RoleForm, type StoreOption } from './role-form';

// Loaded when a dialog first opens: the list page downloads neither the forms nor react-hook-form.
const PointsForm = lazyForm(() => import('./points-form').then((m) => m.PointsForm));
const IsForm = lazyForm(() => import('./is-form').then((m) => m.IsForm));
const DatesForm = lazyForm(() => import('./dates-form').then((m) => m.DatesForm));

/** Who is looking: the session user's id, role and administered stores. */
export interface Viewer {
  id: number;
  role: number;
  adminStores: number[];
}

type Filters = Pick<UserListQuery, 'page'> & Partial<Pick<UserListQuery, 'search' | 'storeId' | 'role' | 'active'>>;

const fullName = (u: UserListItem) => [u.name, u.lastName].filter(Boolean).join(' ');

/**
 * What the viewer may do to a user, as the server decides it: a super administrator, anything to anyone
 * but themselves; an administrator, only to the shoppers of the stores they run.
 */
function mayManage(viewer: Viewer, u: UserListItem): boolean {
  if (u.id === viewer.id) return false;
  if (viewer.role === Role.SuperAdmin) return true;
  return u.role === Role.User && u.storeId !== null && viewer.adminStores.includes(u.storeId);
}

/**
 * /admin/users: filters (search, store, role, status), the list, and the points, IS, dates (birthday and hire
 * date, docs/architecture.md A6.17), role and activation dialogs.
 */
export function UsersPanel({
  viewer,
  stores,
  rowActions,
}: {
  viewer: Viewer;
  stores: StoreOption[];
  /** More actions of a row the viewer may manage, from other features (the page composes them). */
  rowActions?: (user: UserListItem) => ReactNode;
}) {
  const { t } = useTranslation('users');
  const list = useListFilters<Filters>({ page: 1 });
  const users = useUsers({ ...list.filters, pageSize: 20 });
  const setActive = useSetUserActive();
  const confirm = useConfirmAction((p) => setActive.mutateAsync({ id: p.id, active: p.action === 'activate' }), { ns: 'users' });
  const [points, setPoints] = useState<UserListItem | null>(null);
  const [editing, setEditing] = useState<UserListItem | null>(null);
  const [editingIs, setEditingIs] = useState<UserListItem | null>(null);
  const [editingDates, setEditingDates] = useState<UserListItem | null>(null);
  const isSuper = viewer.role === Role.SuperAdmin;
  const storeTitle = new Map(stores.map((s) => [s.id, s.title]));
  const storeName = (u: UserListItem) => (u.storeId === null ? t('noStore') : (storeTitle.get(u.storeId) ?? `#${u.storeId}`));

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3" data-testid="user-filters">
        <SearchForm id="user-search" label={t('search')} button={t('searchButton')} wide maxLength={120} {...list.search} />
        <FilterSelect
          id="user-filter-store"
          label={t('filters.store')}
          labelPlacement="above"
          value={list.filters.storeId ?? ''}
          onChange={(v) => list.set({ storeId: Number(v) || undefined })}
        >
          <option value="">{isSuper ? t('filters.allStores') : t('filters.myStores')}</option>
          {stores.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="user-filter-role"
          label={t('filters.role')}
          labelPlacement="above"
          value={list.filters.role ?? ''}
          onChange={(v) => list.set({ role: Number(v) || undefined })}
        >
          <option value="">{t('filters.anyRole')}</option>
          {roleValues.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </FilterSelect>
        <ActiveFilter
          id="user-filter-status"
          label={t('filters.status')}
          labelPlacement="above"
          any={t('filters.anyStatus')}
          active={t('active')}
          inactive={t('inactive')}
          value={list.filters.active}
          onChange={(active) => list.set({ active })}
        />
        {list.filtered && (
          <Button variant="ghost" onClick={list.reset}>
            {t('filters.clear')}
          </Button>
        )}
      </div>
      <ResponsiveTable
        busy={users.isFetching}
        caption={t('title')}
        columns={[
          { label: t('columns.name') },
          { label: t('columns.email') },
          { label: t('columns.store'), from: 'lg' },
          { label: t('columns.role') },
          { label: t('columns.points'), end: true },
          { label: t('columns.status') },
          { label: t('columns.actions'), end: true },
        ]}
      >
        {users.isPending &&
          Array.from({ length: 5 }, (_, i) => (
            <StateRow key={i} colSpan={7}>
              <div className="h-4 animate-pulse rounded bg-slate-100" />
            </StateRow>
          ))}
        {users.data?.data.length === 0 && (
          <StateRow colSpan={7} className="text-center text-slate-600">
            {t('empty')}
          </StateRow>
        )}
        {users.data?.data.map((u) => (
          <CardRow key={u.id} className="md:align-top" data-testid="user-row">
            <Cell primary>
              <p className="font-medium text-slate-900">{fullName(u)}</p>
              {/* From md to lg the store has no column of its own. */}
              <p className="hidden text-xs text-slate-600 md:block lg:hidden">{storeName(u)}</p>
              <p className="text-xs text-slate-600" data-testid="user-is">
                {u.is ? t('is.shown', { is: u.is }) : t('is.none')}
              </p>
            </Cell>
            <Cell label={t('columns.email')} className="break-all text-slate-600 md:break-normal">
              {u.email}
            </Cell>
            <Cell label={t('columns.store')} from="lg" className="text-slate-700">
              {storeName(u)}
            </Cell>
            <Cell label={t('columns.role')} className="text-slate-700">
              {t(`roles.${u.role}`)}
              {u.isStore ? ` · ${t('storeAccount')}` : ''}
              {u.role === Role.Admin && u.adminStores.length > 0 && (
                <span className="block text-xs text-slate-600">
                  {t('adminOf', { stores: u.adminStores.map((id) => storeTitle.get(id) ?? `#${id}`).join(', ') })}
                </span>
              )}
            </Cell>
            <Cell label={t('columns.points')} end>
              {formatPoints(u.points)}
            </Cell>
            <Cell label={t('columns.status')}>
              <span
                className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${u.active === 1 ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
              >
                {u.active === 1 ? t('active') : t('inactive')}
              </span>
            </Cell>
            {mayManage(viewer, u) ? (
              <ActionsCell label={t('actions.label', { name: fullName(u) })}>
                <Button variant="ghost" className="px-2 py-1" onClick={() => setPoints(u)}>
                  {t('actions.points')}
                </Button>
                <Button variant="ghost" className="px-2 py-1" onClick={() => setEditingIs(u)}>
                  {t('actions.editIs')}
                </Button>
                <Button variant="ghost" className="px-2 py-1" onClick={() => setEditingDates(u)} data-testid="user-dates">
                  {t('actions.dates')}
                </Button>
                {isSuper && (
                  <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(u)}>
                    {t('actions.editRole')}
                  </Button>
                )}
                <Button
                  variant="ghost"
                  className={`px-2 py-1 ${u.active === 1 ? 'text-rose-700 hover:bg-rose-50' : ''}`}
                  onClick={() => confirm.setPending({ id: u.id, name: fullName(u), action: u.active === 1 ? 'deactivate' : 'activate' })}
                >
                  {u.active === 1 ? t('actions.deactivate') : t('actions.activate')}
                </Button>
                {rowActions?.(u)}
              </ActionsCell>
            ) : (
              <td className="hidden text-right text-slate-400 md:table-cell md:px-3 md:py-2" aria-hidden="true">
                —
              </td>
            )}
          </CardRow>
        ))}
      </ResponsiveTable>
      {users.data && <Pagination page={users.data.page} totalPages={users.data.totalPages} onChange={list.setPage} />}
      <Dialog open={points !== null} title={points ? t('points.title', { name: fullName(points) }) : ''} onClose={() => setPoints(null)}>
        {points && <PointsForm user={points} onDone={() => setPoints(null)} />}
      </Dialog>
      <Dialog open={editing !== null} title={editing ? t('role.title', { name: fullName(editing) }) : ''} onClose={() => setEditing(null)}>
        {editing && <RoleForm user={editing} stores={stores} onDone={() => setEditing(null)} />}
      </Dialog>
      <Dialog
        open={editingIs !== null}
        title={editingIs ? t('is.title', { name: fullName(editingIs) }) : ''}
        onClose={() => setEditingIs(null)}
      >
        {editingIs && <IsForm user={editingIs} onDone={() => setEditingIs(null)} />}
      </Dialog>
      <Dialog
        open={editingDates !== null}
        title={editingDates ? t('dates.title', { name: fullName(editingDates) }) : ''}
        onClose={() => setEditingDates(null)}
      >
        {editingDates && <DatesForm user={editingDates} onDone={() => setEditingDates(null)} />}
      </Dialog>
      <ConfirmActionDialog confirm={confirm} ns="users" labels="actions" />
    </>
  );
}
