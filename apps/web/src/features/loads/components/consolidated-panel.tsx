import { useState, type FormEvent } from 'react';
import type { ConsolidatedFilters } from '@rewards/shared/loads';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Localized, markedText, useContent } from '@/components/ui/localized';
import { Pagination } from '@/components/ui/pagination';
import { CardRow, Cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDateTime, formatPoints } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { useConsolidated } from '../api/get-consolidated';
import { useExportConsolidated } from '../api/export-consolidated';
import { useLoadRewards } from '../api/get-load-rewards';

const input = 'rounded-md border border-slate-300 px-2 py-1.5 text-sm';
type Filters = Omit<ConsolidatedFilters, 'storeId'>;

/**
 * /admin/loads/consolidated/{storeId}: one row per receiver of the store's loads, with filters (dates,
 * recognition, receiver, sender, load), paging, and the export of exactly what the filters select.
 */
export function ConsolidatedPanel({ storeId, initial }: { storeId: number; initial: Filters }) {
  const { t } = useTranslation('loads');
  const content = useContent();
  const [filters, setFilters] = useState<Filters>(initial);
  const [draft, setDraft] = useState<Filters>(initial);
  const [page, setPage] = useState(1);
  const rewards = useLoadRewards(storeId);
  const rows = useConsolidated({ ...filters, storeId, page, pageSize: 50 });
  const exporter = useExportConsolidated();
  const badRange = Boolean(draft.from && draft.to && draft.from > draft.to);

  function apply(e: FormEvent) {
    e.preventDefault();
    if (badRange) return;
    const clean = Object.fromEntries(Object.entries(draft).filter(([, v]) => v !== '' && v !== undefined)) as Filters;
    setFilters(clean);
    setPage(1);
  }
  const text = (key: 'receiver' | 'sender') => (
    <label className="flex flex-col gap-1">
      {t(`consolidated.${key}`)}
      <input
        type="text"
        className={input}
        value={draft[key] ?? ''}
        maxLength={100}
        onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value || undefined }))}
      />
    </label>
  );
  const date = (key: 'from' | 'to') => (
    <div className="flex w-44 flex-col gap-1">
      <label htmlFor={`consolidated-${key}`}>{t(`consolidated.${key}`)}</label>
      <DateInput
        id={`consolidated-${key}`}
        className={input}
        value={draft[key] ?? ''}
        aria-invalid={badRange ? true : undefined}
        onChange={(value) => setDraft((d) => ({ ...d, [key]: value || undefined }))}
      />
    </div>
  );

  return (
    <div className="space-y-4">
      <form
        onSubmit={apply}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
        role="search"
        aria-label={t('consolidated.filters')}
      >
        {date('from')}
        {date('to')}
        <label className="flex flex-col gap-1">
          {t('consolidated.recognition')}
          {/* A set width: the options arrive after the first paint, and a select sized by them would move the filters. */}
          <select
            className={`${input} w-56 max-w-full`}
            value={draft.rewardId ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, rewardId: Number(e.target.value) || undefined }))}
          >
            <option value="">{t('consolidated.anyRecognition')}</option>
            {rewards.data?.map((r) => (
              <option key={r.id} value={r.id}>
                {markedText(content(r, 'name'))}
              </option>
            ))}
          </select>
        </label>
        {text('receiver')}
        {text('sender')}
        <label className="flex flex-col gap-1">
          {t('consolidated.load')}
          <input
            type="number"
            min={1}
            className={`${input} w-24`}
            value={draft.loadId ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, loadId: Number(e.target.value) || undefined }))}
          />
        </label>
        <Button type="submit" variant="secondary" disabled={badRange}>
          {t('consolidated.search')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft({});
            setFilters({});
            setPage(1);
          }}
        >
          {t('consolidated.clear')}
        </Button>
        {badRange && (
          <p role="alert" className="w-full font-medium text-rose-700">
            {t('consolidated.badRange')}
          </p>
        )}
      </form>

      <div className="flex flex-wrap items-center gap-3">
        {/* Its line is there from the first paint (a line of its own on a phone), so the count moves nothing when it comes. */}
        <p className="min-h-5 text-sm font-semibold text-slate-800 max-sm:w-full" data-testid="consolidated-count" aria-live="polite">
          {rows.data && t('consolidated.rows', { count: rows.data.totalCount, n: formatPoints(rows.data.totalCount) })}
        </p>
        <span className="ml-auto flex items-center gap-2 text-sm">
          <span className="text-slate-600">{t('consolidated.export')}:</span>
          {(['xlsx', 'csv'] as const).map((format) => (
            <Button
              key={format}
              variant="secondary"
              disabled={exporter.isPending}
              onClick={() => exporter.mutate({ filters: { ...filters, storeId }, format })}
              data-testid={`export-${format}`}
            >
              {t(format === 'xlsx' ? 'consolidated.exportXlsx' : 'consolidated.exportCsv')}
            </Button>
          ))}
        </span>
      </div>
      {exporter.isPending && (
        <p role="status" className="text-sm text-slate-600">
          {t('consolidated.exporting')}
        </p>
      )}
      {exporter.isError && (
        <p role="alert" className="text-sm text-rose-700">
          {errorText(t, exporter.error)}
        </p>
      )}

      {rows.isPending && <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />}
      {rows.isError && (
        <p role="alert" className="text-rose-700">
          {errorText(t, rows.error)}
        </p>
      )}
      {rows.data?.data.loads.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">{t('consolidated.empty')}</p>
      )}
      {rows.data && rows.data.data.loads.length > 0 && (
        <div>
          <ResponsiveTable
            data-testid="consolidated-table"
            busy={rows.isFetching}
            columns={[
              { label: t('consolidated.columns.date') },
              { label: t('consolidated.columns.load') },
              { label: t('consolidated.columns.recognition') },
              { label: t('consolidated.columns.receiver') },
              { label: t('consolidated.columns.receiverStore') },
              { label: t('consolidated.columns.sender') },
              { label: t('consolidated.columns.senderStore') },
              { label: t('consolidated.columns.points'), end: true },
            ]}
          >
            {rows.data.data.loads.map((r) => (
              <CardRow key={r.id} data-testid="consolidated-row">
                <Cell label={t('consolidated.columns.date')} className="md:whitespace-nowrap">
                  {formatDateTime(r.createdAt)}
                </Cell>
                <Cell label={t('consolidated.columns.load')}>{r.loadId}</Cell>
                <Cell label={t('consolidated.columns.recognition')}>
                  {r.reward ? <Localized value={content(r.reward, 'name')} /> : '—'}
                </Cell>
                <Cell primary>
                  <span className="max-md:font-medium max-md:text-slate-900">{r.receiver.name}</span>
                  <span className="block text-xs break-all text-slate-500">{r.receiver.email}</span>
                </Cell>
                <Cell label={t('consolidated.columns.receiverStore')}>{r.receiverStoreName ?? '—'}</Cell>
                <Cell label={t('consolidated.columns.sender')}>{r.sender.name}</Cell>
                <Cell label={t('consolidated.columns.senderStore')}>{r.senderStoreName ?? '—'}</Cell>
                <Cell label={t('consolidated.columns.points')} end className="font-semibold">
                  {formatPoints(r.points)}
                </Cell>
              </CardRow>
            ))}
          </ResponsiveTable>
          <Pagination page={rows.data.page} totalPages={rows.data.totalPages} onChange={setPage} />
        </div>
      )}
    </div>
  );
}
