import { useState, type FormEvent, type ReactNode } from 'react';
import {
  RECIPROCAL_THRESHOLD_DEFAULT,
  RECIPROCAL_THRESHOLD_MAX,
  reportFormats,
  type PeerReport,
  type ReportPerson,
  type ReportRank,
} from '@rewards/shared/peer-report-rules';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { CardRow, Cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDate, formatPoints } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { useExportPeerReport } from '../api/export-peer-report';
import { usePeerReport, type PeerReportFilters } from '../api/get-peer-report';
import { formatShare } from '../format';

const input = 'rounded-md border border-slate-300 px-2 py-1.5 text-sm';
const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm';

/**
 * /admin/peer/{storeId}/report: who gave and received peer recognition in a period (docs/architecture.md
 * A6.16): participation, totals, the top givers and receivers, the offices, the reciprocal pairs over a
 * threshold, and the export of the period's gives (XLSX or CSV, one row per give and recipient).
 */
export function PeerReportPanel({ storeId }: { storeId: number }) {
  const { t } = useTranslation('peerReport');
  const [filters, setFilters] = useState<PeerReportFilters>({});
  const [draft, setDraft] = useState<{ from: string; to: string; threshold: string }>({ from: '', to: '', threshold: '' });
  const report = usePeerReport(storeId, filters);
  const exporter = useExportPeerReport();
  const badRange = Boolean(draft.from && draft.to && draft.from > draft.to);
  const threshold = draft.threshold === '' ? undefined : Number(draft.threshold);
  const badThreshold = threshold !== undefined && !(Number.isInteger(threshold) && threshold >= 1 && threshold <= RECIPROCAL_THRESHOLD_MAX);

  function apply(e: FormEvent) {
    e.preventDefault();
    if (badRange || badThreshold) return;
    setFilters({ from: draft.from || undefined, to: draft.to || undefined, threshold });
  }
  const date = (key: 'from' | 'to') => (
    <div className="flex w-44 flex-col gap-1">
      <label htmlFor={`peer-report-${key}`}>{t(`filters.${key}`)}</label>
      <DateInput
        id={`peer-report-${key}`}
        className={input}
        value={draft[key]}
        aria-invalid={badRange ? true : undefined}
        onChange={(value) => setDraft((d) => ({ ...d, [key]: value }))}
      />
    </div>
  );

  const data = report.data;
  return (
    <div className="space-y-4">
      <form
        onSubmit={apply}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
        role="search"
        aria-label={t('filters.label')}
      >
        {date('from')}
        {date('to')}
        <div className="flex flex-col gap-1">
          <label htmlFor="peer-report-threshold">{t('filters.threshold')}</label>
          <input
            id="peer-report-threshold"
            type="number"
            inputMode="numeric"
            min={1}
            max={RECIPROCAL_THRESHOLD_MAX}
            className={`${input} w-28`}
            placeholder={String(RECIPROCAL_THRESHOLD_DEFAULT)}
            aria-invalid={badThreshold ? true : undefined}
            value={draft.threshold}
            onChange={(e) => setDraft((d) => ({ ...d, threshold: e.target.value }))}
          />
        </div>
        <Button type="submit" variant="secondary" disabled={badRange || badThreshold}>
          {t('filters.show')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft({ from: '', to: '', threshold: '' });
            setFilters({});
          }}
        >
          {t('filters.current')}
        </Button>
        {badRange && (
          <p role="alert" className="w-full font-medium text-rose-700">
            {t('filters.badRange')}
          </p>
        )}
        {badThreshold && (
          <p role="alert" className="w-full font-medium text-rose-700">
            {t('filters.badThreshold', { max: formatPoints(RECIPROCAL_THRESHOLD_MAX) })}
          </p>
        )}
      </form>

      {report.isPending && (
        <div className="h-64 animate-pulse rounded-xl bg-slate-100" aria-busy="true" data-testid="peer-report-loading" />
      )}
      {report.isError && (
        <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-900">
          <p className="font-semibold">{t('error')}</p>
          <p className="mt-1">{errorText(t, report.error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => void report.refetch()}>
            {t('retry')}
          </Button>
        </div>
      )}
      {data && (
        <div className="space-y-4" aria-busy={report.isFetching} data-testid="peer-report">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm text-slate-600" data-testid="peer-report-period">
              {t(data.period.from === data.period.current.from && data.period.to === data.period.current.to ? 'periodCurrent' : 'period', {
                from: formatDate(data.period.from, 'medium'),
                to: formatDate(data.period.to, 'medium'),
              })}
            </p>
            <span className="ml-auto flex items-center gap-2 text-sm">
              <span className="text-slate-600">{t('export.label')}:</span>
              {reportFormats.map((format) => (
                <Button
                  key={format}
                  variant="secondary"
                  disabled={exporter.isPending}
                  onClick={() => exporter.mutate({ storeId, from: data.period.from, to: data.period.to, format })}
                  data-testid={`peer-export-${format}`}
                >
                  {t(`export.${format}`)}
                </Button>
              ))}
            </span>
          </div>
          {exporter.isPending && (
            <p role="status" className="text-sm text-slate-600">
              {t('export.pending')}
            </p>
          )}
          {exporter.isError && (
            <p role="alert" className="text-sm text-rose-700">
              {errorText(t, exporter.error)}
            </p>
          )}
          <Figures data={data} />
          <div className="grid gap-4 lg:grid-cols-2">
            <TopList title={t('top.givers')} rows={data.topGivers} testId="peer-top-givers" />
            <TopList title={t('top.receivers')} rows={data.topReceivers} testId="peer-top-receivers" />
          </div>
          <Offices data={data} />
          <Reciprocal data={data} />
        </div>
      )}
    </div>
  );
}

function Figures({ data }: { data: PeerReport }) {
  const { t } = useTranslation('peerReport');
  const n = formatPoints;
  const p = data.participation;
  const figures: { key: string; label: string; value: string; detail: string }[] = [
    { key: 'people', label: t('figures.people'), value: n(p.activePeople), detail: t('figures.peopleDetail') },
    {
      key: 'givers',
      label: t('figures.givers'),
      value: formatShare(p.giverShare),
      detail: t('figures.ofPeople', { count: p.activePeople, part: n(p.givers), formatted: n(p.activePeople) }),
    },
    {
      key: 'receivers',
      label: t('figures.receivers'),
      value: formatShare(p.receiverShare),
      detail: t('figures.ofPeople', { count: p.activePeople, part: n(p.receivers), formatted: n(p.activePeople) }),
    },
    {
      key: 'gives',
      label: t('figures.gives'),
      value: n(data.totals.gives),
      detail: t('figures.givesDetail', {
        recognitions: n(data.totals.recognitions),
        addons: n(data.totals.addons),
        private: n(data.totals.private),
      }),
    },
    {
      key: 'points',
      label: t('figures.points'),
      value: n(data.totals.points),
      detail: t('figures.pointsDetail', { count: data.totals.recipients, formatted: n(data.totals.recipients) }),
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" data-testid="peer-report-figures">
      {figures.map((f) => (
        <div key={f.key} className={`flex min-w-0 flex-col ${card}`} data-testid={`peer-report-${f.key}`}>
          <dt className="text-sm font-medium text-slate-600">{f.label}</dt>
          <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900 tabular-nums" data-testid={`peer-report-${f.key}-value`}>
            {f.value}
          </dd>
          <dd className="mt-1 text-xs text-slate-600">{f.detail}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A person: name, then e-mail and office in small print. */
function Person({ person }: { person: ReportPerson }) {
  return (
    <>
      <span className="font-medium text-slate-900">{person.name}</span>
      <span className="block text-xs break-all text-slate-500">
        {person.email}
        {person.office ? ` · ${person.office}` : ''}
      </span>
    </>
  );
}

function Section({ title, children, testId, note }: { title: string; children: ReactNode; testId: string; note?: ReactNode }) {
  const id = `${testId}-title`;
  return (
    <section aria-labelledby={id} className={card} data-testid={testId}>
      <h2 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      {note && <p className="mt-1 text-sm text-slate-600">{note}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

function TopList({ title, rows, testId }: { title: string; rows: ReportRank[]; testId: string }) {
  const { t } = useTranslation('peerReport');
  return (
    <Section title={title} testId={testId}>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('empty')}</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {rows.map((r, i) => (
            <li key={r.person.id} className="flex items-center gap-3 py-2 text-sm" data-testid={`${testId}-row`}>
              <span className="w-6 shrink-0 text-right font-semibold text-slate-500 tabular-nums">{i + 1}</span>
              <span className="min-w-0 flex-1">
                <Person person={r.person} />
              </span>
              <span className="shrink-0 text-right tabular-nums">
                <span className="block font-semibold text-slate-900">{t('top.points', { formatted: formatPoints(r.points) })}</span>
                <span className="block text-xs text-slate-500">{t('top.count', { count: r.count, formatted: formatPoints(r.count) })}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function Offices({ data }: { data: PeerReport }) {
  const { t } = useTranslation('peerReport');
  const columns = [
    { label: t('offices.office') },
    { label: t('offices.gave'), end: true },
    { label: t('offices.pointsGiven'), end: true },
    { label: t('offices.received'), end: true },
    { label: t('offices.pointsReceived'), end: true },
  ];
  return (
    <Section title={t('offices.title')} testId="peer-report-offices" note={t('offices.note')}>
      {data.offices.length === 0 ? (
        <p className="text-sm text-slate-600">{t('empty')}</p>
      ) : (
        <ResponsiveTable columns={columns} caption={t('offices.title')}>
          {data.offices.map((o) => (
            <CardRow key={o.storeId ?? 'none'} data-testid="peer-report-office">
              <Cell primary>
                <span className="font-medium text-slate-900">{o.title ?? t('offices.none')}</span>
              </Cell>
              <Cell label={columns[1]!.label} end>
                {formatPoints(o.gave)}
              </Cell>
              <Cell label={columns[2]!.label} end>
                {formatPoints(o.pointsGiven)}
              </Cell>
              <Cell label={columns[3]!.label} end>
                {formatPoints(o.received)}
              </Cell>
              <Cell label={columns[4]!.label} end>
                {formatPoints(o.pointsReceived)}
              </Cell>
            </CardRow>
          ))}
        </ResponsiveTable>
      )}
    </Section>
  );
}

function Reciprocal({ data }: { data: PeerReport }) {
  const { t } = useTranslation('peerReport');
  const columns = [
    { label: t('reciprocal.a') },
    { label: t('reciprocal.b') },
    { label: t('reciprocal.aToB'), end: true },
    { label: t('reciprocal.bToA'), end: true },
  ];
  const gives = (points: number, count: number) => `${formatPoints(points)} · ${t('top.count', { count, formatted: formatPoints(count) })}`;
  return (
    <Section
      title={t('reciprocal.title')}
      testId="peer-report-reciprocal"
      note={t('reciprocal.note', { threshold: formatPoints(data.threshold) })}
    >
      {data.reciprocal.length === 0 ? (
        <p className="text-sm text-slate-600">{t('reciprocal.none')}</p>
      ) : (
        <>
          <ResponsiveTable columns={columns} caption={t('reciprocal.title')}>
            {data.reciprocal.map((r) => (
              <CardRow key={`${r.a.id}-${r.b.id}`} data-testid="peer-report-pair">
                <Cell primary>
                  <Person person={r.a} />
                </Cell>
                <Cell label={columns[1]!.label}>
                  <Person person={r.b} />
                </Cell>
                <Cell label={columns[2]!.label} end className="md:whitespace-nowrap">
                  {gives(r.aToB, r.aToBCount)}
                </Cell>
                <Cell label={columns[3]!.label} end className="md:whitespace-nowrap">
                  {gives(r.bToA, r.bToACount)}
                </Cell>
              </CardRow>
            ))}
          </ResponsiveTable>
          {data.reciprocalCount > data.reciprocal.length && (
            <p className="mt-2 text-sm text-slate-600">
              {t('reciprocal.more', { shown: formatPoints(data.reciprocal.length), total: formatPoints(data.reciprocalCount) })}
            </p>
          )}
        </>
      )}
    </Section>
  );
}
