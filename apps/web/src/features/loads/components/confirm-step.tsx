import { Link } from 'react-router';
import type { Load, LoadActivity } from '@rewards/shared/loads';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatDate, formatPoints } from '@/lib/format';
import { errorText } from '@/lib/error-text';

/** Step 4: what will happen, the confirm (with its progress), and what did. */
export function ConfirmStep({
  summary,
  working,
  error,
  result,
  onConfirm,
  onAnother,
}: {
  summary: {
    store: string;
    recognition: string;
    /** Once-per-activity recognitions: the activity the load is for. */
    activity?: LoadActivity;
    reason: string;
    pointsEach: number;
    receivers: number;
    refused: number;
  };
  working: boolean;
  error: unknown;
  result: Load | null;
  onConfirm: () => void;
  onAnother: () => void;
}) {
  const { t } = useTranslation('loads');
  if (result)
    return (
      <div className="space-y-4 rounded-xl border border-emerald-300 bg-emerald-50 p-5" data-testid="load-done">
        <p role="status" className="font-semibold text-emerald-900">
          {t('confirm.done', { id: result.id, n: formatPoints(result.receivers), points: formatPoints(result.points) })}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={`/admin/loads/report/${result.id}`} className="font-semibold text-indigo-700 hover:underline">
            {t('confirm.report')}
          </Link>
          <Link
            to={`/admin/loads/consolidated/${result.storeId}?loadId=${result.id}`}
            className="font-semibold text-indigo-700 hover:underline"
          >
            {t('confirm.consolidated')}
          </Link>
          <Button variant="secondary" className="ml-auto" onClick={onAnother}>
            {t('confirm.another')}
          </Button>
        </div>
      </div>
    );

  const rows: [string, string][] = [
    [t('confirm.store'), summary.store],
    [t('confirm.recognition'), summary.recognition],
    ...(summary.activity
      ? [
          [t('confirm.activity'), t('activity.value', { title: summary.activity.title, date: formatDate(summary.activity.date) })] as [
            string,
            string,
          ],
        ]
      : []),
    [t('confirm.reason'), summary.reason],
    [t('confirm.pointsEach'), formatPoints(summary.pointsEach)],
    [t('confirm.receivers'), formatPoints(summary.receivers)],
    [t('confirm.refused'), formatPoints(summary.refused)],
    [t('confirm.total'), formatPoints(summary.pointsEach * summary.receivers)],
  ];
  return (
    <div className="space-y-5">
      <section aria-labelledby="load-summary-title" className="rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="load-summary-title" className="mb-3 font-semibold text-slate-900">
          {t('confirm.summary')}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]" data-testid="load-summary">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {working && (
        <ProgressBar
          testId="load-progress"
          label={t('confirm.working', { points: formatPoints(summary.pointsEach), n: formatPoints(summary.receivers) })}
        />
      )}
      {error !== null && error !== undefined && !working && (
        <p
          role="alert"
          className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm font-medium text-rose-900"
          data-testid="load-confirm-error"
        >
          {errorText(t, error)}
        </p>
      )}
      <Button onClick={onConfirm} disabled={working || summary.receivers === 0} data-testid="load-confirm">
        {t('confirm.submit')}
      </Button>
    </div>
  );
}
