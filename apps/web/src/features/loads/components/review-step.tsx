import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Pagination } from '@/components/ui/pagination';
import { ActionsCell, CardRow, Cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDate, formatPoints } from '@/lib/format';
import { counts, type Action, type Entry } from './wizard-state';

const PAGE = 50;

/**
 * Step 3: the review's verdicts. Incorrect e-mails (and those changed since) are listed with their
 * reason; each can be fixed in place or dropped, then the list is reviewed again.
 */
export function ReviewStep({
  entries,
  reviewed,
  accrualOpen,
  progress,
  onReview,
  onCancel,
  dispatch,
}: {
  entries: Entry[];
  reviewed: boolean;
  accrualOpen: boolean;
  /** Set while a review runs. */
  progress: { done: number; total: number } | null;
  onReview: () => void;
  onCancel: () => void;
  dispatch: (a: Action) => void;
}) {
  const { t } = useTranslation('loads');
  const [page, setPage] = useState(1);
  const [correctPage, setCorrectPage] = useState(1);
  const { correct, incorrect, pending } = counts(entries);
  const attention = entries.filter((e) => e.outcome?.status !== 'correct');
  const good = entries.filter((e) => e.outcome?.status === 'correct');
  const pages = Math.max(1, Math.ceil(attention.length / PAGE));
  const shown = attention.slice((Math.min(page, pages) - 1) * PAGE, Math.min(page, pages) * PAGE);
  const running = progress !== null;

  return (
    <div className="space-y-5">
      {running ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="min-w-64 flex-1">
            <ProgressBar
              testId="load-progress"
              label={t('review.progress', { done: formatPoints(progress.done), total: formatPoints(progress.total) })}
              value={progress.done}
              max={progress.total}
            />
          </div>
          <Button variant="secondary" onClick={onCancel}>
            {t('review.cancel')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3" data-testid="load-review-summary">
          <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900" data-testid="load-correct-count">
            {t('review.correct', { count: correct, n: formatPoints(correct) })}
          </span>
          <span className="rounded-full bg-rose-100 px-3 py-1 text-sm font-semibold text-rose-900" data-testid="load-incorrect-count">
            {t('review.incorrect', { count: incorrect, n: formatPoints(incorrect) })}
          </span>
          {pending > 0 && (
            <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
              {t('review.pending', { count: pending, n: formatPoints(pending) })}
            </span>
          )}
          <Button variant="secondary" className="ml-auto" onClick={onReview} data-testid="load-review-again">
            {t('review.again')}
          </Button>
        </div>
      )}

      {!running && !accrualOpen && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('review.accrualClosed')}
        </p>
      )}
      {!running && reviewed && correct === 0 && (
        <p role="alert" className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900">
          {t('review.nothingCorrect')}
        </p>
      )}

      {attention.length > 0 ? (
        <section aria-labelledby="load-incorrect-title">
          <h2 id="load-incorrect-title" className="font-semibold text-slate-900">
            {t('review.incorrectTitle')}
          </h2>
          <p className="mb-2 text-sm text-slate-600">{t('review.incorrectHint')}</p>
          <ResponsiveTable
            data-testid="load-incorrect"
            columns={[{ label: t('review.email') }, { label: t('review.reason') }, { label: t('review.actions') }]}
          >
            {shown.map((e) => (
              <IncorrectRow key={e.id} entry={e} running={running} dispatch={dispatch} />
            ))}
          </ResponsiveTable>
          <Pagination page={Math.min(page, pages)} totalPages={pages} onChange={setPage} />
        </section>
      ) : (
        !running && reviewed && correct > 0 && <p className="text-sm text-emerald-800">{t('review.allGood')}</p>
      )}

      {good.length > 0 && (
        <details className="rounded-lg border border-slate-200 bg-white p-3">
          <summary className="cursor-pointer text-sm font-semibold text-slate-900">
            {t('review.correctTitle')} ({formatPoints(good.length)})
          </summary>
          <ResponsiveTable
            className="mt-2"
            data-testid="load-correct"
            columns={[{ label: t('review.email') }, { label: t('review.person') }]}
          >
            {good.slice((correctPage - 1) * PAGE, correctPage * PAGE).map((e) => (
              <CardRow key={e.id}>
                <Cell primary className="break-all">
                  {e.email}
                </Cell>
                <Cell label={t('review.person')}>{e.outcome?.status === 'correct' ? e.outcome.name : ''}</Cell>
              </CardRow>
            ))}
          </ResponsiveTable>
          <Pagination page={correctPage} totalPages={Math.ceil(good.length / PAGE)} onChange={setCorrectPage} />
        </details>
      )}
    </div>
  );
}

function IncorrectRow({ entry, running, dispatch }: { entry: Entry; running: boolean; dispatch: (a: Action) => void }) {
  const { t } = useTranslation('loads');
  const [draft, setDraft] = useState(entry.email);
  const disabled = running;
  const outcome = entry.outcome;
  const reason =
    outcome?.status !== 'incorrect'
      ? t(running ? 'review.checking' : 'review.edited')
      : outcome.reason === 'FREQUENCY_LIMIT' && outcome.activity
        ? t('review.reasons.FREQUENCY_LIMIT_ACTIVITY', { title: outcome.activity.title, date: formatDate(outcome.activity.date) })
        : t(`review.reasons.${outcome.reason}`);
  return (
    <CardRow data-testid="load-incorrect-row">
      <Cell primary>
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            if (draft.trim() && draft !== entry.email) dispatch({ type: 'fix', id: entry.id, email: draft.trim() });
          }}
        >
          <input
            value={draft}
            onChange={(ev) => setDraft(ev.target.value)}
            onBlur={() => {
              if (draft.trim() && draft !== entry.email) dispatch({ type: 'fix', id: entry.id, email: draft.trim() });
            }}
            disabled={disabled}
            aria-label={t('review.fix', { email: entry.email })}
            className="w-full rounded-md border border-slate-300 px-2 py-1 font-mono text-sm md:min-w-56"
          />
        </form>
      </Cell>
      <Cell label={t('review.reason')} className={entry.outcome ? 'text-rose-800' : 'text-amber-800'} data-testid="load-incorrect-reason">
        {reason}
      </Cell>
      <ActionsCell>
        <Button
          variant="ghost"
          className="py-1 text-rose-700"
          disabled={disabled}
          onClick={() => dispatch({ type: 'drop', id: entry.id })}
          aria-label={t('review.dropLabel', { email: entry.email })}
        >
          {t('review.drop')}
        </Button>
      </ActionsCell>
    </CardRow>
  );
}
