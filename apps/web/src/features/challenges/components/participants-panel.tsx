import { useState } from 'react';
import type { Challenge, ChallengeParticipant } from '@rewards/shared/challenges';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { CardRow, Cell, ResponsiveTable, StateRow } from '@/components/ui/responsive-table';
import { Localized, useContent } from '@/components/ui/localized';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime, formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAwardChallenge } from '../api/award-challenge';
import { useChallenge } from '../api/get-challenge';
import { useParticipants } from '../api/get-participants';
import { ChallengeStatusBadge } from './status-badge';

const PAGE_SIZE = 50;

function Answers({ challenge, participant }: { challenge: Challenge; participant: ChallengeParticipant }) {
  const { t } = useTranslation('challenges');
  const content = useContent();
  return (
    <ol className="list-decimal space-y-1 pl-5">
      {challenge.questions.map((q) => {
        const a = participant.values.find((v) => v.questionId === q.id);
        const option = q.options.find((o) => o.id === a?.optionId);
        return (
          <li key={q.id}>
            <Localized value={content(q, 'text')} className="text-slate-600" />{' '}
            {option ? (
              <Localized value={content(option, 'text')} className="font-medium text-slate-900" />
            ) : (
              <span className="font-medium text-slate-900">{a?.optionText ?? a?.text ?? '—'}</span>
            )}
            {a?.isCorrect === true && <span className="ml-1 text-emerald-700">✓ {t('participants.right')}</span>}
            {a?.isCorrect === false && <span className="ml-1 text-rose-700">✗ {t('participants.wrong')}</span>}
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The participants of a challenge in the order they answered, with their answers, and its winners:
 * for multiple choice the first N with every answer right (marked before awarding), for open-ended the
 * administrator ticks at most N. Awarding credits them once, after confirming.
 */
export function ParticipantsPanel({ challengeId, onClose }: { challengeId: number; onClose: () => void }) {
  const { t } = useTranslation('challenges');
  const content = useContent();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const challenge = useChallenge(challengeId);
  const participants = useParticipants({ challengeId, page, pageSize: PAGE_SIZE });
  const award = useAwardChallenge();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // One key per award attempt: a retry after a lost answer replays the first award.
  const [key] = useState(() => globalThis.crypto.randomUUID());

  const c = challenge.data;
  const rows = participants.data?.data ?? [];
  if (challenge.isPending) return <p className="mt-6 text-sm text-slate-600">{t('loading', { ns: 'common' })}</p>;
  if (!c) return <p className="mt-6 text-sm text-rose-700">{t('loadError')}</p>;
  const multiple = c.type === 'multiple_choice';
  const awarded = Boolean(c.awardedAt);
  const count = multiple ? null : chosen.size;

  function toggle(userId: number, on: boolean) {
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });
  }

  async function confirmAward() {
    if (!c) return;
    setFailure(null);
    try {
      const res = await award.mutateAsync({ body: { challengeId: c.id, ...(multiple ? {} : { userIds: [...chosen] }) }, key });
      toast.success(t('messages.awarded', { count: res.data.winners.length, points: formatPoints(res.data.totalPoints) }));
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <section
      className="mt-8 rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby="participants-title"
      data-testid="participants-panel"
    >
      <div className="mb-3 flex flex-wrap items-center gap-3">
        <h2 id="participants-title" className="text-lg font-semibold text-slate-900">
          {t('participants.title', { title: content(c, 'title').text })}
        </h2>
        <ChallengeStatusBadge status={c.status} />
        <Button variant="ghost" className="ml-auto" onClick={onClose}>
          {t('participants.close')}
        </Button>
      </div>
      <p className="mb-3 text-sm text-slate-600">
        {multiple ? t('participants.helpMultiple', { count: c.winners }) : t('participants.helpOpen', { winners: c.winners })}{' '}
        {t('participants.prize', { points: formatPoints(c.pointsPerWinner) })}
      </p>
      {awarded && (
        <p className="mb-3 rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900" role="status" data-testid="awarded-note">
          {t('participants.awarded', { date: formatDateTime(c.awardedAt!) })}
        </p>
      )}
      <ResponsiveTable
        columns={[
          ...(!multiple && !awarded ? [{ label: t('participants.winner') }] : []),
          { label: t('participants.person') },
          { label: t('participants.submittedAt') },
          { label: t('participants.answers') },
          { label: t('participants.result') },
        ]}
        caption={t('participants.caption')}
        busy={participants.isFetching}
      >
        {participants.isSuccess && rows.length === 0 && (
          <StateRow colSpan={5} className="text-center text-slate-600">
            {t('participants.none')}
          </StateRow>
        )}
        {rows.map((p) => (
          <CardRow key={p.id} className="align-top" data-testid="participant-row">
            {!multiple && !awarded && (
              <Cell label={t('participants.winner')}>
                <input
                  type="checkbox"
                  aria-label={t('participants.choose', { name: p.name })}
                  checked={chosen.has(p.userId)}
                  disabled={!chosen.has(p.userId) && chosen.size >= c.winners}
                  onChange={(e) => toggle(p.userId, e.target.checked)}
                  className="h-5 w-5 md:h-auto md:w-auto"
                />
              </Cell>
            )}
            <Cell primary>
              <span className="block font-medium text-slate-900">{p.name}</span>
              <span className="block text-xs break-all text-slate-600">{p.email}</span>
            </Cell>
            <Cell label={t('participants.submittedAt')} className="text-xs text-slate-700 md:whitespace-nowrap">
              {formatDateTime(p.submittedAt)}
            </Cell>
            <Cell label={t('participants.answers')} className="text-xs">
              <Answers challenge={c} participant={p} />
            </Cell>
            <Cell label={t('participants.result')} className="text-xs md:whitespace-nowrap">
              {p.isWinner && (
                <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{t('participants.won')}</span>
              )}
              {!p.isWinner && p.autoWinner && (
                <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-800">{t('participants.wouldWin')}</span>
              )}
              {!p.isWinner && !p.autoWinner && p.allCorrect === true && (
                <span className="text-slate-600">{t('participants.allRight')}</span>
              )}
              {p.allCorrect === false && <span className="text-slate-600">{t('participants.notAllRight')}</span>}
            </Cell>
          </CardRow>
        ))}
      </ResponsiveTable>
      {participants.data && <Pagination page={participants.data.page} totalPages={participants.data.totalPages} onChange={setPage} />}
      {!awarded && rows.length > 0 && (
        <div className="mt-4 flex flex-wrap items-center justify-end gap-3">
          {!multiple && (
            <span className="text-sm text-slate-700">{t('participants.chosen', { count: chosen.size, winners: c.winners })}</span>
          )}
          <Button onClick={() => setConfirming(true)} disabled={count === 0} data-testid="award-button">
            {t('actions.award')}
          </Button>
        </div>
      )}
      {failure && (
        <p className="mt-3 text-right text-sm font-medium text-rose-700" role="alert">
          {failure}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('confirm.awardTitle')}
        message={
          multiple
            ? t('confirm.awardMultiple', { count: c.winners, points: formatPoints(c.pointsPerWinner) })
            : t('confirm.awardOpen', {
                count: chosen.size,
                points: formatPoints(c.pointsPerWinner),
                total: formatPoints(chosen.size * c.pointsPerWinner),
              })
        }
        confirmLabel={t('actions.award')}
        danger={false}
        busy={award.isPending}
        onConfirm={() => void confirmAward()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
