import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeMovement } from '@rewards/shared/points';
import { addDays } from '@rewards/shared/program';
import { useSession } from '@/features/auth/api/get-session';
import { downloadStatement, useAccountStatistics, useMyMovements, type Period } from '@/features/points/api/account';
import { useProgramCalendar } from '@/features/points/api/program';
import { ProgramCalendarCard } from '@/features/points/components/program-calendar';
import { ApiError } from '@/lib/api';
import { formatDate, formatDateTime, formatPoints } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { TableHead } from '@/components/ui/table';

type Preset = 'year' | 'days30' | 'all' | 'custom';

/** Balance, this program year's figures, the calendar, and the movements with their PDF statement. */
export default function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const stats = useAccountStatistics();
  const calendar = useProgramCalendar();
  const [preset, setPreset] = useState<Preset>('year');
  const [custom, setCustom] = useState<Period>({});
  const [page, setPage] = useState(1);
  const [downloading, setDownloading] = useState(false);

  const today = calendar.data?.today;
  const period: Period =
    preset === 'year'
      ? { from: calendar.data?.year.from }
      : preset === 'days30' && today
        ? { from: addDays(today, -29), to: today }
        : preset === 'custom'
          ? custom
          : {};
  const invalidRange = Boolean(period.from && period.to && period.from > period.to);
  const waitingForYear = preset === 'year' && !calendar.data;
  const movements = useMyMovements(period, page, !waitingForYear && !invalidRange);

  const choose = (next: Preset) => {
    setPreset(next);
    setPage(1);
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadStatement(period);
      toast.success(t('account.downloaded'));
    } catch (err) {
      toast.error(t(`errors:${err instanceof ApiError ? err.code : 'INTERNAL_ERROR'}`));
    } finally {
      setDownloading(false);
    }
  };

  const figures = [
    { key: 'earned', value: stats.data?.earned, tone: 'text-emerald-700' },
    { key: 'spent', value: stats.data?.spent, tone: 'text-slate-900' },
    { key: 'expired', value: stats.data?.expired, tone: 'text-slate-500' },
  ] as const;

  return (
    <Page title={t('pages.account.title')}>
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <div className="grid gap-4 sm:grid-cols-2 lg:col-span-2">
          <section className="rounded-xl bg-indigo-700 p-5 text-white sm:col-span-2" aria-labelledby="balance-title">
            <h2 id="balance-title" className="text-sm font-medium text-indigo-100">
              {t('account.balance')}
            </h2>
            <p className="mt-1 text-4xl font-bold tabular-nums" data-testid="account-balance">
              {session.data ? formatPoints(session.data.points) : '…'}{' '}
              <span className="text-lg font-semibold text-indigo-100">{t('header.points')}</span>
            </p>
            {calendar.data && (
              <p className="mt-3 text-sm text-indigo-100">
                {calendar.data.expired
                  ? t('program.closed', { date: formatDate(addDays(calendar.data.year.to, 1)) })
                  : t('account.expiresOn', { date: formatDate(calendar.data.expiresOn) })}
              </p>
            )}
            {calendar.data?.redemption.open && (session.data?.points ?? 0) > 0 && (
              <Link
                to="/"
                className="mt-4 inline-flex rounded-md bg-white px-4 py-2 text-sm font-semibold text-indigo-800 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
              >
                {t('account.redeem')}
              </Link>
            )}
          </section>
          <section className="grid grid-cols-3 gap-3 sm:col-span-2" aria-label={t('account.yearFigures')}>
            {figures.map((f) => (
              <div key={f.key} className="rounded-xl border border-slate-200 bg-white p-4" data-testid={`stat-${f.key}`}>
                <p className="text-xs font-medium text-slate-500 sm:text-sm">{t(`account.${f.key}`)}</p>
                <p className={`mt-1 text-xl font-bold tabular-nums sm:text-2xl ${f.tone}`}>
                  {f.value === undefined ? (
                    <span className="inline-block h-6 w-16 animate-pulse rounded bg-slate-100" />
                  ) : (
                    formatPoints(f.value)
                  )}
                </p>
              </div>
            ))}
            {stats.data && (
              <p className="col-span-3 -mt-1 text-xs text-slate-500">{t('account.since', { date: formatDate(stats.data.since) })}</p>
            )}
          </section>
        </div>
        <ProgramCalendarCard compact />
      </div>

      <section className="mt-6 rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="movements-title">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
          <h2 id="movements-title" className="text-lg font-semibold">
            {t('account.movements')}
          </h2>
          <Button
            variant="secondary"
            onClick={download}
            disabled={downloading || invalidRange || waitingForYear}
            data-testid="download-statement"
          >
            <svg viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor" aria-hidden="true">
              <path d="M10 2a1 1 0 0 1 1 1v8.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 11.6V3a1 1 0 0 1 1-1ZM3 15a1 1 0 0 1 1 1v1h12v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
            </svg>
            {downloading ? t('account.downloading') : t('account.download')}
          </Button>
        </div>
        <div className="mb-4 flex flex-wrap items-end gap-3">
          <div
            role="radiogroup"
            aria-label={t('account.period')}
            className="inline-flex flex-wrap rounded-lg border border-slate-300 p-0.5"
          >
            {(['year', 'days30', 'all', 'custom'] as const).map((p) => (
              <button
                key={p}
                type="button"
                role="radio"
                aria-checked={preset === p}
                onClick={() => choose(p)}
                className={`rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 ${preset === p ? 'bg-indigo-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
              >
                {t(`account.periods.${p}`)}
              </button>
            ))}
          </div>
          {preset === 'custom' && (
            <div className="flex flex-wrap items-end gap-3">
              {(['from', 'to'] as const).map((end) => (
                <label key={end} className="text-sm">
                  <span className="block font-medium text-slate-800">{t(`account.${end}`)}</span>
                  <input
                    type="date"
                    value={custom[end] ?? ''}
                    max={today}
                    onChange={(e) => {
                      setCustom((c) => ({ ...c, [end]: e.target.value || undefined }));
                      setPage(1);
                    }}
                    className="rounded-md border border-slate-300 px-3 py-1.5"
                    aria-invalid={invalidRange || undefined}
                  />
                </label>
              ))}
              {invalidRange && (
                <p role="alert" className="text-sm font-medium text-rose-700">
                  {t('account.badRange')}
                </p>
              )}
            </div>
          )}
        </div>

        {invalidRange ? null : movements.isPending ? (
          <div className="h-48 animate-pulse rounded-lg bg-slate-100" aria-busy="true" />
        ) : movements.isError ? (
          <p role="alert" className="text-rose-700">
            {t(`errors:${movements.error instanceof ApiError ? movements.error.code : 'INTERNAL_ERROR'}`)}
          </p>
        ) : movements.data.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">{t('account.noMovements')}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="movements">
              <TableHead
                columns={[
                  { label: t('account.date') },
                  { label: t('account.description') },
                  { label: t('account.kind'), className: 'hidden sm:table-cell' },
                  { label: t('account.points'), end: true },
                ]}
              />
              <tbody>
                {movements.data.data.map((m) => (
                  <tr key={m.id} className="border-b border-slate-100 last:border-0">
                    <td className="py-2 pr-4 whitespace-nowrap text-slate-600">{formatDateTime(m.createdAt)}</td>
                    <td className="py-2 pr-4 text-slate-900">{describeMovement(m, currentLanguage())}</td>
                    <td className="hidden py-2 pr-4 text-slate-600 sm:table-cell">{t(`account.kinds.${m.kind}`)}</td>
                    <td className={`py-2 text-right font-semibold tabular-nums ${m.value > 0 ? 'text-emerald-700' : 'text-slate-900'}`}>
                      {m.value > 0 ? '+' : '−'}
                      {formatPoints(Math.abs(m.value))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {movements.data && !invalidRange && (
          <Pagination page={movements.data.page} totalPages={movements.data.totalPages} onChange={setPage} />
        )}
      </section>
    </Page>
  );
}
