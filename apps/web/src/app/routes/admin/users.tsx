import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUsers } from '@/features/users/api/get-users';
import { Page } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { formatPoints } from '@/lib/format';

export default function AdminUsersPage() {
  const { t } = useTranslation('admin');
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState('');
  const users = useUsers({ page, pageSize: 20, search: search || undefined });

  function submit(e: FormEvent) {
    e.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  }

  return (
    <Page title={t('users.title')}>
      <form role="search" onSubmit={submit} className="mb-4 flex max-w-md gap-2">
        <label htmlFor="user-search" className="sr-only">
          {t('users.search')}
        </label>
        <input
          id="user-search"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('users.search')}
          className="flex-1 rounded-md border border-slate-300 px-3 py-2 text-sm"
          maxLength={120}
        />
        <button type="submit" className="rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800">
          {t('users.searchButton')}
        </button>
      </form>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('users.name')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('users.email')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('users.role')}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-medium">
                {t('users.points')}
              </th>
              <th scope="col" className="px-4 py-2 font-medium">
                {t('users.status')}
              </th>
            </tr>
          </thead>
          <tbody aria-busy={users.isFetching}>
            {users.isPending &&
              Array.from({ length: 5 }, (_, i) => (
                <tr key={i}>
                  <td colSpan={5} className="px-4 py-3">
                    <div className="h-4 animate-pulse rounded bg-slate-100" />
                  </td>
                </tr>
              ))}
            {users.data?.data.length === 0 && (
              <tr>
                <td colSpan={5} className="px-4 py-6 text-center text-slate-500">
                  {t('users.empty')}
                </td>
              </tr>
            )}
            {users.data?.data.map((u) => (
              <tr key={u.id} className="border-t border-slate-100">
                <td className="px-4 py-2 font-medium">{[u.name, u.lastName].filter(Boolean).join(' ')}</td>
                <td className="px-4 py-2 text-slate-600">{u.email}</td>
                <td className="px-4 py-2">
                  {t(`roles.${u.role}`)}
                  {u.isStore ? ` · ${t('users.storeAccount')}` : ''}
                </td>
                <td className="px-4 py-2 text-right tabular-nums">{formatPoints(u.points)}</td>
                <td className="px-4 py-2">{u.active === 1 ? t('users.active') : t('users.inactive')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {users.data && <Pagination page={users.data.page} totalPages={users.data.totalPages} onChange={setPage} />}
    </Page>
  );
}
