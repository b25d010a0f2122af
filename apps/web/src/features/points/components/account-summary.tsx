import { Link } from 'react-router';
import { addDays } from '@rewards/shared/days';
import { useTranslation } from '@/lib/use-translation';
import { formatDate, formatPoints } from '@/lib/format';
import { useAccountStatistics } from '../api/get-account-statistics';
import { useProgramCalendar } from '../api/get-program-calendar';
import { ProgramCalendarCard } from './program-calendar';

/** /account's top: the balance with its expiry and a link to redeem, this program year's figures, the calendar. */
export function AccountSummary({ balance }: { balance: number | undefined }) {
  const { t } = useTranslation('points');
  const stats = useAccountStatistics();
  const calendar = useProgramCalendar();
  const figures = [
    { key: 'earned', value: stats.data?.earned, tone: 'text-emerald-700' },
    { key: 'spent', value: stats.data?.spent, tone: 'text-slate-900' },
    { key: 'expired', value: stats.data?.expired, tone: 'text-slate-500' },
  ] as const;

  return (
    <div className="grid items-start gap-4 lg:grid-cols-3">
      <div className="grid gap-4 sm:grid-cols-2 lg:col-span-2">
        <section className="rounded-xl bg-indigo-700 p-5 text-white sm:col-span-2" aria-labelledby="balance-title">
          <h2 id="balance-title" className="text-sm font-medium text-indigo-100">
            {t('account.balance')}
          </h2>
          <p className="mt-1 text-4xl font-bold tabular-nums" data-testid="account-balance">
            {balance !== undefined ? formatPoints(balance) : '…'}{' '}
            <span className="text-lg font-semibold text-indigo-100">{t('common:header.points')}</span>
          </p>
          {/* The line is there while the calendar loads, so the card keeps its height. */}
          <p className="mt-3 h-5 text-sm text-indigo-100">
            {calendar.data &&
              (calendar.data.expired
                ? t('program.closed', { date: formatDate(addDays(calendar.data.year.to, 1)) })
                : t('account.expiresOn', { date: formatDate(calendar.data.expiresOn) }))}
          </p>
          {calendar.data?.redemption.open && (balance ?? 0) > 0 && (
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
                  <span className="inline-block h-6 w-16 animate-pulse rounded bg-slate-100 align-middle" />
                ) : (
                  formatPoints(f.value)
                )}
              </p>
            </div>
          ))}
          <p className="col-span-3 -mt-1 h-4 text-xs text-slate-500">
            {stats.data && t('account.since', { date: formatDate(stats.data.since) })}
          </p>
        </section>
      </div>
      <ProgramCalendarCard compact />
    </div>
  );
}
