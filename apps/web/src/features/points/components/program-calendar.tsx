import { addDays } from '@rewards/shared/days';
import { useTranslation } from '@/lib/use-translation';
import { daysBetween, formatDate, formatDateTime } from '@/lib/format';
import { useProgramCalendar } from '../api/get-program-calendar';

/**
 * The program year's dates, as configured on the server: accrual, last day to redeem, expiry.
 * Shown on /about (full) and /account (compact).
 */
export function ProgramCalendarCard({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('points');
  const calendar = useProgramCalendar();
  const c = calendar.data;
  if (!c) return <ProgramCalendarSkeleton compact={compact} />;
  const steps = [
    { date: c.year.from, text: t('program.starts'), state: 'past' as const },
    { date: c.accrual.to, text: t('program.accrualEnds'), state: c.accrual.open ? ('open' as const) : ('past' as const) },
    { date: c.redemption.to, text: t('program.redemptionEnds'), state: c.redemption.open ? ('open' as const) : ('past' as const) },
    { date: c.expiresOn, text: t('program.expires'), state: c.expired ? ('past' as const) : ('future' as const) },
  ];
  const daysToRedeem = daysBetween(c.today, c.redemption.to);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-labelledby="program-calendar" data-testid="program-calendar">
      <h2 id="program-calendar" className="mb-1 text-lg font-semibold">
        {t('program.title', { from: c.year.from.slice(0, 4), to: c.year.to.slice(0, 4) })}
      </h2>
      <p className="mb-3 text-sm text-slate-600" data-testid="program-status">
        {c.redemption.open
          ? daysToRedeem === 0
            ? t('program.lastDay')
            : t('program.daysLeft', { count: daysToRedeem, date: lastMinute(c.redemption.closesAt) })
          : t('program.closed', { date: formatDate(addDays(c.year.to, 1)) })}
      </p>
      <ol className={compact ? 'space-y-1.5 text-sm' : 'space-y-2'}>
        {steps.map((s) => (
          <li key={s.text} className="flex items-baseline gap-3">
            <span
              className={`mt-1 h-2.5 w-2.5 shrink-0 rounded-full ${s.state === 'open' ? 'bg-emerald-500' : s.state === 'past' ? 'bg-slate-300' : 'bg-amber-500'}`}
              aria-hidden="true"
            />
            <span className="w-40 shrink-0 font-medium whitespace-nowrap text-slate-900">{formatDate(s.date)}</span>
            <span className="text-slate-700">{s.text}</span>
          </li>
        ))}
      </ol>
      {!compact && <p className="mt-3 text-xs text-slate-500">{t('program.timeZone', { zone: c.timeZone })}</p>}
    </section>
  );
}

/** The last minute of a window, in the reader's zone and language ("15 oct 2026, 11:59 p.m."). */
function lastMinute(closesAt: string): string {
  return formatDateTime(new Date(Date.parse(closesAt) - 60_000));
}

/** The card while the calendar loads: the same frame and lines, so nothing moves when it comes. */
function ProgramCalendarSkeleton({ compact }: { compact: boolean }) {
  const bar = 'inline-block h-3.5 animate-pulse rounded bg-slate-200 align-middle';
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5" aria-busy="true">
      <p className="mb-1 text-lg">
        <span className={`${bar} w-48`} />
      </p>
      <p className="mb-3 text-sm">
        <span className={`${bar} w-64 max-w-full`} />
      </p>
      <ol className={compact ? 'space-y-1.5 text-sm' : 'space-y-2'}>
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="flex items-baseline gap-3">
            <span className="mt-1 h-2.5 w-2.5 shrink-0 rounded-full bg-slate-200" aria-hidden="true" />
            <span className="w-40 shrink-0">
              <span className={`${bar} w-24`} />
            </span>
            <span className={`${bar} w-28`} />
          </li>
        ))}
      </ol>
      {!compact && (
        <p className="mt-3 text-xs">
          <span className={`${bar} w-40`} />
        </p>
      )}
    </section>
  );
}
