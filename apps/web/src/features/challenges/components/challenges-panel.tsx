import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChallengeSummary } from '@rewards/shared/challenges';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime, formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useChallengeAction, type ChallengeAction } from '../api/challenge-action';
import { useChallenge } from '../api/get-challenge';
import { useChallenges } from '../api/get-challenges';
import { ChallengeForm } from './challenge-form';
import { ChallengeStatusBadge } from './status-badge';

const PAGE_SIZE = 20;

/** The form of an existing challenge, once its questions are loaded. */
function EditChallenge({ id, storeId, onDone }: { id: number; storeId: number; onDone: () => void }) {
  const { t } = useTranslation('challenges');
  const challenge = useChallenge(id);
  if (challenge.isPending) return <p className="text-sm text-slate-600">{t('loading', { ns: 'common' })}</p>;
  if (!challenge.data) return <p className="text-sm text-rose-700">{t('loadError')}</p>;
  return <ChallengeForm storeId={storeId} challenge={challenge.data} onDone={onDone} />;
}

/**
 * A store's challenges: search, status filter and paging; create and edit in a dialog; activate (one per
 * store), deactivate and delete after confirming; "participants" opens the answers and winners below.
 */
export function ChallengesPanel({
  storeId,
  selected,
  onSelect,
}: {
  storeId: number;
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('challenges');
  const errorText = useErrorText();
  const [draft, setDraft] = useState('');
  const [filters, setFilters] = useState<{ search?: string; active?: boolean; page: number }>({ page: 1 });
  const challenges = useChallenges({ storeId, pageSize: PAGE_SIZE, ...filters });
  const action = useChallengeAction();
  const [editing, setEditing] = useState<ChallengeSummary | 'new' | null>(null);
  const [pending, setPending] = useState<{ challenge: ChallengeSummary; action: ChallengeAction } | null>(null);

  function search(e: FormEvent) {
    e.preventDefault();
    setFilters((f) => ({ ...f, search: draft.trim() || undefined, page: 1 }));
  }

  async function confirm() {
    if (!pending) return;
    try {
      const res = await action.mutateAsync({ id: pending.challenge.id, action: pending.action });
      // docs/architecture.md P4: an activation that did not leave the challenge active is the "exists" error.
      if (pending.action === 'activate' && !res.data.isActive) toast.error(t('errors:ALREADY_ACTIVE'));
      else toast.success(t(`messages.${pending.action}d`));
    } catch (err) {
      toast.error(errorText(err));
    } finally {
      setPending(null);
    }
  }

  const filtered = Boolean(filters.search) || filters.active !== undefined;
  const rows = challenges.data?.data ?? [];
  return (
    <>
      <p className="-mt-1 mb-4 text-sm text-slate-600">{t('admin.help')}</p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <form role="search" onSubmit={search} className="flex gap-2">
          <label htmlFor="challenge-search" className="sr-only">
            {t('admin.search')}
          </label>
          <input
            id="challenge-search"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('admin.search')}
            className="w-56 rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
          <Button type="submit" variant="secondary">
            {t('admin.searchButton')}
          </Button>
        </form>
        <label className="text-sm">
          <span className="sr-only">{t('admin.filter')}</span>
          <select
            className="rounded-md border border-slate-300 px-2 py-2"
            value={filters.active === undefined ? '' : String(filters.active)}
            onChange={(e) => setFilters((f) => ({ ...f, active: e.target.value === '' ? undefined : e.target.value === 'true', page: 1 }))}
          >
            <option value="">{t('admin.any')}</option>
            <option value="true">{t('admin.activeOnly')}</option>
            <option value="false">{t('admin.inactiveOnly')}</option>
          </select>
        </label>
        <Button className="ml-auto" onClick={() => setEditing('new')} data-testid="new-challenge">
          {t('admin.new')}
        </Button>
      </div>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('admin.caption')}</caption>
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('columns.title')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('columns.dates')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('columns.prize')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('columns.participants')}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t('columns.status')}
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                {t('columns.actions')}
              </th>
            </tr>
          </thead>
          <tbody aria-busy={challenges.isFetching}>
            {challenges.isPending && (
              <tr>
                <td colSpan={6} className="px-3 py-6">
                  <div className="h-4 animate-pulse rounded bg-slate-100" />
                  <span className="sr-only">{t('loading', { ns: 'common' })}</span>
                </td>
              </tr>
            )}
            {challenges.isError && (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center" role="alert">
                  <span className="text-rose-700">{t('loadError')}</span>{' '}
                  <Button variant="ghost" onClick={() => void challenges.refetch()}>
                    {t('retry')}
                  </Button>
                </td>
              </tr>
            )}
            {challenges.isSuccess && rows.length === 0 && (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-center text-slate-600">
                  {filtered ? t('admin.empty') : t('admin.none')}
                </td>
              </tr>
            )}
            {rows.map((c) => (
              <tr
                key={c.id}
                className={`border-t border-slate-100 ${selected === c.id ? 'bg-indigo-50/60' : ''}`}
                data-testid="challenge-row"
              >
                <td className="px-3 py-2">
                  <span className="block font-medium text-slate-900">{c.title}</span>
                  <span className="block text-xs text-slate-600">
                    {t(`types.${c.type}`)} · {t('admin.questionCount', { count: c.questionCount })}
                  </span>
                </td>
                <td className="px-3 py-2 text-xs whitespace-nowrap text-slate-700">
                  {formatDateTime(c.startsAt)}
                  <br />
                  {formatDateTime(c.endsAt)}
                </td>
                <td className="px-3 py-2 text-right text-xs whitespace-nowrap tabular-nums">
                  {t('admin.prize', { winners: c.winners, points: formatPoints(c.pointsPerWinner) })}
                  <br />
                  <strong>{t('admin.totalPoints', { total: formatPoints(c.totalPoints) })}</strong>
                </td>
                <td className="px-3 py-2 text-right tabular-nums">{c.participants}</td>
                <td className="px-3 py-2">
                  <ChallengeStatusBadge status={c.status} />
                </td>
                <td className="px-3 py-2 text-right whitespace-nowrap">
                  <Button variant="ghost" className="px-2" onClick={() => onSelect(c.id)}>
                    {t('actions.participants')}
                    <span className="sr-only"> {c.title}</span>
                  </Button>
                  {c.participants === 0 && (
                    <Button variant="ghost" className="px-2" onClick={() => setEditing(c)}>
                      {t('actions.edit')}
                      <span className="sr-only"> {c.title}</span>
                    </Button>
                  )}
                  {!c.awardedAt && (
                    <Button
                      variant="ghost"
                      className="px-2"
                      onClick={() => setPending({ challenge: c, action: c.isActive ? 'deactivate' : 'activate' })}
                    >
                      {c.isActive ? t('actions.deactivate') : t('actions.activate')}
                      <span className="sr-only"> {c.title}</span>
                    </Button>
                  )}
                  {c.awardedAt && c.isActive && (
                    <Button variant="ghost" className="px-2" onClick={() => setPending({ challenge: c, action: 'deactivate' })}>
                      {t('actions.deactivate')}
                      <span className="sr-only"> {c.title}</span>
                    </Button>
                  )}
                  {c.participants === 0 && (
                    <Button variant="ghost" className="px-2 text-rose-700" onClick={() => setPending({ challenge: c, action: 'delete' })}>
                      {t('actions.delete')}
                      <span className="sr-only"> {c.title}</span>
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {challenges.data && (
        <Pagination
          page={challenges.data.page}
          totalPages={challenges.data.totalPages}
          onChange={(page) => setFilters((f) => ({ ...f, page }))}
        />
      )}
      <Dialog open={editing !== null} title={editing === 'new' ? t('admin.new') : t('admin.edit')} onClose={() => setEditing(null)} wide>
        {editing === 'new' && <ChallengeForm storeId={storeId} onDone={() => setEditing(null)} />}
        {editing !== null && editing !== 'new' && <EditChallenge id={editing.id} storeId={storeId} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmDialog
        open={pending !== null}
        title={t(`confirm.${pending?.action ?? 'delete'}Title`)}
        message={t(`confirm.${pending?.action ?? 'delete'}`, { title: pending?.challenge.title ?? '' })}
        confirmLabel={t(`actions.${pending?.action ?? 'delete'}`)}
        danger={pending?.action !== 'activate'}
        busy={action.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </>
  );
}
