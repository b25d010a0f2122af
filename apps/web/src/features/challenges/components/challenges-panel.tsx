import { useState } from 'react';
import type { ChallengeSummary } from '@rewards/shared/challenges';
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
import { formatDateTime, formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useChallengeAction } from '../api/challenge-action';
import { useChallenge } from '../api/get-challenge';
import { useChallenges } from '../api/get-challenges';
import { ChallengeStatusBadge } from './status-badge';

// Loaded when its dialog first opens: the list page downloads neither the form nor react-hook-form.
const ChallengeForm = lazyForm(() => import('./challenge-form').then((m) => m.ChallengeForm));

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
  const { t } = useTranslation(['challenges', 'errors']);
  const content = useContent();
  const list = useListFilters<ListFilters & { active?: boolean }>({ page: 1 });
  const challenges = useChallenges({ storeId, pageSize: PAGE_SIZE, ...list.filters });
  const action = useChallengeAction();
  const confirm = useConfirmAction((p) => action.mutateAsync(p), {
    ns: 'challenges',
    onDone: (res, p) => {
      // docs/architecture.md P4: an activation that did not leave the challenge active is the "exists" error.
      if (p.action === 'activate' && !res.data.isActive) toast.error(t('errors:ALREADY_ACTIVE'));
      else toast.success(t(`messages.${p.action}d`));
    },
  });
  const [editing, setEditing] = useState<ChallengeSummary | 'new' | null>(null);

  const rows = challenges.data?.data ?? [];
  return (
    <>
      <p className="-mt-1 mb-4 text-sm text-slate-600">{t('admin.help')}</p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SearchForm id="challenge-search" label={t('admin.search')} button={t('admin.searchButton')} {...list.search} />
        <ActiveFilter
          label={t('admin.filter')}
          any={t('admin.any')}
          active={t('admin.activeOnly')}
          inactive={t('admin.inactiveOnly')}
          value={list.filters.active}
          onChange={(active) => list.set({ active })}
        />
        <Button className="ml-auto" onClick={() => setEditing('new')} data-testid="new-challenge">
          {t('admin.new')}
        </Button>
      </div>
      <ResponsiveTable
        columns={[
          { label: t('columns.title') },
          { label: t('columns.dates') },
          { label: t('columns.prize'), end: true },
          { label: t('columns.participants'), end: true },
          { label: t('columns.status') },
          { label: t('columns.actions'), end: true },
        ]}
        caption={t('admin.caption')}
        busy={challenges.isFetching}
      >
        <QueryRows
          query={challenges}
          colSpan={6}
          empty={list.filtered ? t('admin.empty') : t('admin.none')}
          loadError={t('loadError')}
          retry={t('retry')}
        />
        {rows.map((c) => {
          const title = content(c, 'title').text;
          return (
            <CardRow key={c.id} selected={selected === c.id} data-testid="challenge-row">
              <Cell primary>
                <Localized value={content(c, 'title')} className="block font-medium text-slate-900" />
                <span className="block text-xs text-slate-600">
                  {t(`types.${c.type}`)} · {t('admin.questionCount', { count: c.questionCount })}
                </span>
              </Cell>
              <Cell label={t('columns.dates')} className="text-xs text-slate-700 md:whitespace-nowrap">
                {formatDateTime(c.startsAt)}
                <br />
                {formatDateTime(c.endsAt)}
              </Cell>
              <Cell label={t('columns.prize')} end className="text-xs md:whitespace-nowrap">
                {t('admin.prize', { winners: c.winners, points: formatPoints(c.pointsPerWinner) })}
                <br />
                <strong>{t('admin.totalPoints', { total: formatPoints(c.totalPoints) })}</strong>
              </Cell>
              <Cell label={t('columns.participants')} end>
                {c.participants}
              </Cell>
              <Cell label={t('columns.status')}>
                <ChallengeStatusBadge status={c.status} />
              </Cell>
              <ActionsCell>
                <Button variant="ghost" className="px-2" onClick={() => onSelect(c.id)}>
                  {t('actions.participants')}
                  <span className="sr-only"> {title}</span>
                </Button>
                {c.participants === 0 && (
                  <Button variant="ghost" className="px-2" onClick={() => setEditing(c)}>
                    {t('actions.edit')}
                    <span className="sr-only"> {title}</span>
                  </Button>
                )}
                {!c.awardedAt && (
                  <Button
                    variant="ghost"
                    className="px-2"
                    onClick={() => confirm.setPending({ id: c.id, name: title, action: c.isActive ? 'deactivate' : 'activate' })}
                  >
                    {c.isActive ? t('actions.deactivate') : t('actions.activate')}
                    <span className="sr-only"> {title}</span>
                  </Button>
                )}
                {c.awardedAt && c.isActive && (
                  <Button
                    variant="ghost"
                    className="px-2"
                    onClick={() => confirm.setPending({ id: c.id, name: title, action: 'deactivate' })}
                  >
                    {t('actions.deactivate')}
                    <span className="sr-only"> {title}</span>
                  </Button>
                )}
                {c.participants === 0 && (
                  <Button
                    variant="ghost"
                    className="px-2 text-rose-700"
                    onClick={() => confirm.setPending({ id: c.id, name: title, action: 'delete' })}
                  >
                    {t('actions.delete')}
                    <span className="sr-only"> {title}</span>
                  </Button>
                )}
              </ActionsCell>
            </CardRow>
          );
        })}
      </ResponsiveTable>
      {challenges.data && <Pagination page={challenges.data.page} totalPages={challenges.data.totalPages} onChange={list.setPage} />}
      <Dialog open={editing !== null} title={editing === 'new' ? t('admin.new') : t('admin.edit')} onClose={() => setEditing(null)} wide>
        {editing === 'new' && <ChallengeForm storeId={storeId} onDone={() => setEditing(null)} />}
        {editing !== null && editing !== 'new' && <EditChallenge id={editing.id} storeId={storeId} onDone={() => setEditing(null)} />}
      </Dialog>
      <ConfirmActionDialog confirm={confirm} ns="challenges" labels="actions" />
    </>
  );
}
