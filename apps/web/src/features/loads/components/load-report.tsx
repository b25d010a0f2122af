import { useState } from 'react';
import { Link } from 'react-router';
import type { Load } from '@rewards/shared/loads';
import { useTranslation } from '@/lib/use-translation';
import { markedText, useContent } from '@/components/ui/localized';
import { Pagination } from '@/components/ui/pagination';
import { CardRow, Cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { Tabs } from '@/components/ui/tabs';
import { formatDate, formatDateTime, formatPoints } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { useLoadEmails } from '../api/get-load-emails';

/** The group report of a load: who, when, recognition, totals, correct and incorrect counts, its e-mails. */
export function LoadReport({ load }: { load: Load }) {
  const { t } = useTranslation('loads');
  const content = useContent();
  const facts: [string, string][] = [
    [t('report.when'), formatDateTime(load.createdAt)],
    [t('report.sender'), `${load.sender.name} · ${load.sender.email}`],
    [t('report.senderStore'), load.senderStoreName ?? '—'],
    [t('report.store'), load.storeName],
    [t('report.recognition'), load.reward ? markedText(content(load.reward, 'name')) : '—'],
    ...(load.activity
      ? [
          [t('report.activity'), t('activity.value', { title: load.activity.title, date: formatDate(load.activity.date) })] as [
            string,
            string,
          ],
        ]
      : []),
    [t('report.reason'), markedText(content(load, 'reason'))],
    [t('report.pointsEach'), formatPoints(load.points)],
  ];
  const totals: [string, string, string][] = [
    [t('report.receivers'), formatPoints(load.receivers), 'text-emerald-800'],
    [t('report.refused'), formatPoints(load.rejected), 'text-rose-800'],
    [t('report.total'), formatPoints(load.totalPoints), 'text-slate-900'],
  ];
  return (
    <div className="space-y-5">
      <section className="grid gap-4 rounded-xl border border-slate-200 bg-white p-5 lg:grid-cols-[1fr_auto]" data-testid="load-report">
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <dl className="grid grid-cols-3 gap-3 self-start lg:grid-cols-1">
          {totals.map(([label, value, color]) => (
            <div key={label} className="rounded-lg bg-slate-50 px-4 py-2 text-center">
              <dt className="text-xs text-slate-600">{label}</dt>
              <dd className={`text-xl font-bold tabular-nums ${color}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <Link
        to={`/admin/loads/consolidated/${load.storeId}?loadId=${load.id}`}
        className="inline-block font-semibold text-indigo-700 hover:underline"
      >
        {t('report.consolidated')}
      </Link>
      <LoadEmails loadId={load.id} activity={load.activity} />
    </div>
  );
}

function LoadEmails({ loadId, activity }: { loadId: number; activity: Load['activity'] }) {
  const { t } = useTranslation('loads');
  const [status, setStatus] = useState<'all' | 'correct' | 'incorrect'>('all');
  const [page, setPage] = useState(1);
  const emails = useLoadEmails({ loadId, page, pageSize: 50, ...(status === 'all' ? {} : { status }) });
  return (
    <section aria-labelledby="load-emails-title" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="load-emails-title" className="mb-3 font-semibold text-slate-900">
        {t('report.emails')}
      </h2>
      <Tabs
        label={t('report.emails')}
        selected={status}
        onSelect={(id) => {
          setStatus(id as typeof status);
          setPage(1);
        }}
        tabs={[
          { id: 'all', label: t('report.all') },
          { id: 'correct', label: t('report.correct') },
          { id: 'incorrect', label: t('report.incorrect') },
        ]}
      />
      {emails.isPending && <div className="h-24 animate-pulse rounded-lg bg-slate-100" aria-busy="true" />}
      {emails.isError && (
        <p role="alert" className="text-rose-700">
          {errorText(t, emails.error)}
        </p>
      )}
      {emails.data && emails.data.data.length === 0 && <p className="text-sm text-slate-600">{t('report.noEmails')}</p>}
      {emails.data && emails.data.data.length > 0 && (
        <>
          <ResponsiveTable
            data-testid="load-emails"
            busy={emails.isFetching}
            columns={[{ label: t('review.email') }, { label: t('review.person') }, { label: t('report.status') }]}
          >
            {emails.data.data.map((e, i) => (
              <CardRow key={`${e.status}-${i}-${e.email}`}>
                <Cell primary className="break-all">
                  {e.email}
                </Cell>
                <Cell label={t('review.person')}>{e.name ?? '—'}</Cell>
                <Cell label={t('report.status')} className={e.status === 'correct' ? 'text-emerald-800' : 'text-rose-800'}>
                  {e.reason === 'FREQUENCY_LIMIT' && activity
                    ? t('review.reasons.FREQUENCY_LIMIT_ACTIVITY', { title: activity.title, date: formatDate(activity.date) })
                    : e.reason
                      ? t(`review.reasons.${e.reason}`)
                      : t('report.credited')}
                </Cell>
              </CardRow>
            ))}
          </ResponsiveTable>
          <Pagination page={emails.data.page} totalPages={emails.data.totalPages} onChange={setPage} />
        </>
      )}
    </section>
  );
}
