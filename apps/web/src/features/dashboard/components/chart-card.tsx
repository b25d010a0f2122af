import { Suspense, useId, useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { TableHead } from '@/components/ui/table';

export interface TableData {
  columns: { label: string; end?: boolean }[];
  rows: { key: string | number; cells: ReactNode[] }[];
}

/**
 * A chart with the same figures as a table. The table is always in the page: read by screen readers
 * while the chart shows (visually hidden), shown instead of the chart with the toggle. The chart
 * itself is hidden from assistive technology. No data: one sentence, neither chart nor table.
 */
export function ChartCard({
  title,
  isEmpty,
  chart,
  table,
  testId,
  className = '',
}: {
  title: string;
  isEmpty: boolean;
  chart: ReactNode;
  table: TableData;
  testId: string;
  className?: string;
}) {
  const { t } = useTranslation('dashboard');
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={`min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}
      data-testid={testId}
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {!isEmpty && (
          <button
            type="button"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
            className="shrink-0 rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 aria-pressed:border-indigo-400 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            data-testid="chart-table-toggle"
          >
            {t('charts.showTable')}
          </button>
        )}
      </div>
      {isEmpty ? (
        <p
          className="grid h-40 place-items-center rounded-lg bg-slate-50 px-4 text-center text-sm text-slate-600"
          data-testid="chart-empty"
        >
          {t('charts.empty')}
        </p>
      ) : (
        <>
          {!asTable && (
            <div className="h-64" aria-hidden="true" data-testid="chart">
              <Suspense fallback={<div className="h-full animate-pulse rounded-lg bg-slate-100" />}>{chart}</Suspense>
            </div>
          )}
          <div className={asTable ? 'overflow-x-auto' : 'sr-only'}>
            <table className="w-full text-left text-sm" data-testid="chart-table">
              <caption className="sr-only">{title}</caption>
              <TableHead columns={table.columns} />
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.key} className="border-b border-slate-100 last:border-0">
                    {row.cells.map((cell, i) =>
                      i === 0 ? (
                        <th key={i} scope="row" className="py-2 pr-4 font-normal text-slate-800">
                          {cell}
                        </th>
                      ) : (
                        <td key={i} className={`py-2 pr-4 tabular-nums last:pr-0 ${table.columns[i]?.end ? 'text-right' : ''}`}>
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
