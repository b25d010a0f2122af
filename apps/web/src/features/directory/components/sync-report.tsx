import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Pagination } from '@/components/ui/pagination';
import { CardRow, Cell, ResponsiveTable, type Column } from '@/components/ui/responsive-table';
import { formatPoints } from '@/lib/format';
import { attributes, type DirectorySyncReport } from '../api/types';
import { ChangesList } from './changes-list';

/** Rows of a report's table a page: the report comes whole, so its long tables are paged here. */
export const REPORT_PAGE = 50;

/** One of the report's tables: its heading with how many, the rows of the current page, and the pages. */
function ReportTable<T>({
  id,
  title,
  hint,
  rows,
  columns,
  row,
}: {
  id: string;
  title: string;
  hint?: string;
  rows: readonly T[];
  columns: Column[];
  row: (item: T, index: number) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(rows.length / REPORT_PAGE));
  const current = Math.min(page, pages);
  if (rows.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-title`} data-testid={id}>
      <h3 id={`${id}-title`} className="font-semibold text-slate-900">
        {title} ({formatPoints(rows.length)})
      </h3>
      {hint && <p className="mb-2 text-sm text-slate-600">{hint}</p>}
      <ResponsiveTable className="mt-2" columns={columns} caption={title}>
        {rows.slice((current - 1) * REPORT_PAGE, current * REPORT_PAGE).map((item, i) => row(item, (current - 1) * REPORT_PAGE + i))}
      </ResponsiveTable>
      <Pagination page={current} totalPages={pages} onChange={setPage} />
    </section>
  );
}

type Count = 'created' | 'updated' | 'deactivated' | 'unchanged' | 'errors';
const countStyles: Record<Count, string> = {
  created: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  updated: 'border-sky-200 bg-sky-50 text-sky-900',
  deactivated: 'border-amber-200 bg-amber-50 text-amber-900',
  unchanged: 'border-slate-200 bg-white text-slate-800',
  errors: 'border-rose-200 bg-rose-50 text-rose-900',
};

/** The report's counts, by what a dry run would do or an applied sync did. */
export function reportCounts(report: DirectorySyncReport): Record<Count, number> {
  return {
    created: report.created.length,
    updated: report.updated.length,
    deactivated: report.deactivated.length,
    unchanged: report.unchanged,
    errors: report.errors.length,
  };
}

/**
 * A sync's report (docs/architecture.md A6.18): what it read (rows, sheet, the columns found), how many people
 * it creates, updates, deactivates or leaves as they are and how many rows it refuses; then each refused row
 * with its reason, and the people created, updated (attribute: before → after) and deactivated. A dry run
 * says what would happen, an applied sync what did.
 */
export function SyncReport({ report, fileName }: { report: DirectorySyncReport; fileName: string }) {
  const { t } = useTranslation('directory');
  const mode = report.dryRun ? 'dry' : 'applied';
  const counts = reportCounts(report);
  const columnsRead = attributes.filter((a) => report.columns[a] !== undefined);
  const row = t('sync.report.row');
  const email = t('sync.report.email');
  const name = t('sync.report.name');
  const office = t('sync.report.office');

  return (
    <div className="space-y-6" data-testid={`directory-report-${mode}`}>
      <div>
        <h3 className="text-base font-semibold text-slate-900">{t(`sync.report.title.${mode}`)}</h3>
        <p className="text-sm text-slate-600" data-testid="directory-report-read">
          {t('sync.report.read', { count: report.rows, n: formatPoints(report.rows), name: fileName })}
          {report.sheet && ` · ${t('sync.report.sheet', { sheet: report.sheet })}`}
        </p>
        {columnsRead.length > 0 && (
          <p className="mt-1 text-xs text-slate-500">
            {t('sync.report.columns')}{' '}
            {columnsRead.map((a, i) => (
              <span key={a}>
                {i > 0 && ', '}
                {t(`attributes.${a}`)} («{report.columns[a]}»)
              </span>
            ))}
          </p>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5" data-testid="directory-report-counts">
        {(Object.keys(counts) as Count[]).map((key) => (
          <div key={key} className={`rounded-lg border px-3 py-2 ${countStyles[key]}`} data-testid={`directory-count-${key}`}>
            <dt className="text-xs font-medium">{t(`sync.report.counts.${mode}.${key}`)}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatPoints(counts[key])}</dd>
          </div>
        ))}
      </dl>
      <ReportTable
        id="directory-report-errors"
        title={t('sync.report.errors.title')}
        hint={t('sync.report.errors.hint')}
        rows={report.errors}
        columns={[
          { label: row, end: true },
          { label: email },
          { label: t('sync.report.errors.reason') },
          { label: t('sync.report.errors.value') },
        ]}
        row={(e, i) => (
          <CardRow key={i} data-testid="directory-error-row">
            <Cell primary end className="text-slate-600">
              {t('sync.report.rowN', { n: e.row })}
            </Cell>
            <Cell label={email} className="break-all">
              {e.email ?? '—'}
            </Cell>
            <Cell label={t('sync.report.errors.reason')} className="text-rose-800" data-testid="directory-error-reason">
              {t(`rowErrors.${e.code}`)}
            </Cell>
            <Cell label={t('sync.report.errors.value')} className="break-all">
              {e.value ?? '—'}
            </Cell>
          </CardRow>
        )}
      />
      <ReportTable
        id="directory-report-created"
        title={t(`sync.report.created.${mode}`)}
        rows={report.created}
        columns={[{ label: row, end: true }, { label: email }, { label: name }, { label: office }]}
        row={(c, i) => (
          <CardRow key={i} data-testid="directory-created-row">
            <Cell label={row} end className="text-slate-600">
              {c.row}
            </Cell>
            <Cell primary className="break-all">
              {c.email}
            </Cell>
            <Cell label={name}>{c.name}</Cell>
            <Cell label={office}>{c.office}</Cell>
          </CardRow>
        )}
      />
      <ReportTable
        id="directory-report-updated"
        title={t(`sync.report.updated.${mode}`)}
        rows={report.updated}
        columns={[{ label: row, end: true }, { label: email }, { label: name }, { label: t('sync.report.changes') }]}
        row={(u, i) => (
          <CardRow key={i} className="align-top" data-testid="directory-updated-row">
            <Cell label={row} end className="text-slate-600">
              {u.row}
            </Cell>
            <Cell primary className="break-all">
              {u.email}
            </Cell>
            <Cell label={name}>{u.name}</Cell>
            <Cell label={t('sync.report.changes')}>
              <ChangesList changes={u.changes} />
            </Cell>
          </CardRow>
        )}
      />
      <ReportTable
        id="directory-report-deactivated"
        title={t(`sync.report.deactivated.${mode}`)}
        rows={report.deactivated}
        columns={[{ label: email }, { label: name }, { label: office }]}
        row={(d, i) => (
          <CardRow key={i} data-testid="directory-deactivated-row">
            <Cell primary className="break-all">
              {d.email}
            </Cell>
            <Cell label={name}>{d.name}</Cell>
            <Cell label={office}>{d.office ?? '—'}</Cell>
          </CardRow>
        )}
      />
    </div>
  );
}
