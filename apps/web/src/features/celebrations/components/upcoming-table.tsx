import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { QueryRows } from '@/components/ui/query-rows';
import { CardRow, Cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { errorText } from '@/lib/error-text';
import { formatDate, formatPoints } from '@/lib/format';
import { useExportUpcoming, useUpcoming, type UpcomingFormat } from '../api/upcoming';
import type { UpcomingCelebration } from '../api/types';

const formats: UpcomingFormat[] = ['xlsx', 'csv'];
const choiceLook = {
  public: 'bg-emerald-100 text-emerald-900',
  private: 'bg-slate-200 text-slate-800',
  none: 'bg-rose-100 text-rose-900',
} as const;

/**
 * The store's celebrations of the next 30 days (docs/architecture.md A6.17): date, person, kind, years of
 * service, their choice (their own or the store's default; "not celebrated" for none) and the points, by
 * date, a page at a time; the same list as XLSX or CSV. `today` names the export's file.
 */
export function UpcomingTable({ storeId, today }: { storeId: number; today: string }) {
  const { t } = useTranslation('celebrations');
  const [page, setPage] = useState(1);
  const upcoming = useUpcoming(storeId, page);
  const exporter = useExportUpcoming();
  const list = upcoming.data;
  return (
    <section aria-labelledby="upcoming-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="upcoming-title" className="text-lg font-semibold text-slate-900">
            {t('upcoming.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('upcoming.help')}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="upcoming-export">
          <span className="text-slate-600">{t('upcoming.export')}:</span>
          {formats.map((format) => (
            <Button
              key={format}
              variant="secondary"
              className="py-1"
              disabled={exporter.isPending}
              onClick={() => exporter.mutate({ storeId, from: today, format })}
              data-testid={`upcoming-export-${format}`}
            >
              {t(`upcoming.formats.${format}`)}
            </Button>
          ))}
        </div>
      </div>
      <p className="min-h-5 text-sm" aria-live="polite">
        {exporter.isPending && <span className="text-slate-600">{t('upcoming.exporting')}</span>}
        {exporter.isError && (
          <span role="alert" className="text-rose-700">
            {errorText(t, exporter.error)}
          </span>
        )}
      </p>
      <ResponsiveTable
        busy={upcoming.isFetching}
        caption={t('upcoming.title')}
        data-testid="upcoming-table"
        columns={[
          { label: t('upcoming.columns.date') },
          { label: t('upcoming.columns.person') },
          { label: t('upcoming.columns.kind') },
          { label: t('upcoming.columns.years'), end: true },
          { label: t('upcoming.columns.choice') },
          { label: t('upcoming.columns.points'), end: true },
        ]}
      >
        <QueryRows
          query={upcoming}
          colSpan={6}
          empty={t('upcoming.empty')}
          loadError={`${t('upcoming.loadError')} ${upcoming.isError ? errorText(t, upcoming.error) : ''}`}
          retry={t('upcoming.retry')}
        />
        {list?.data.map((c) => (
          <UpcomingRow key={`${c.userId}-${c.kind}-${c.date}`} item={c} />
        ))}
      </ResponsiveTable>
      {list && <Pagination page={list.page} totalPages={list.totalPages} onChange={setPage} />}
    </section>
  );
}

function UpcomingRow({ item }: { item: UpcomingCelebration }) {
  const { t } = useTranslation('celebrations');
  return (
    <CardRow data-testid="upcoming-row">
      <Cell primary className="font-medium whitespace-nowrap text-slate-900">
        {formatDate(item.date, 'medium')}
      </Cell>
      <Cell label={t('upcoming.columns.person')}>
        <span className="block font-medium text-slate-900">{item.name}</span>
        <span className="block text-xs break-all text-slate-600">{item.email}</span>
      </Cell>
      <Cell label={t('upcoming.columns.kind')}>{t(`kinds.${item.kind}`)}</Cell>
      <Cell label={t('upcoming.columns.years')} end>
        {item.years ?? '—'}
      </Cell>
      <Cell label={t('upcoming.columns.choice')}>
        <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${choiceLook[item.choice]}`}>
          {t(`choices.${item.choice}`)}
        </span>
        {item.choiceIsDefault && <span className="ml-1 text-xs text-slate-500">{t('upcoming.byDefault')}</span>}
      </Cell>
      <Cell label={t('upcoming.columns.points')} end>
        {formatPoints(item.points)}
      </Cell>
    </CardRow>
  );
}
