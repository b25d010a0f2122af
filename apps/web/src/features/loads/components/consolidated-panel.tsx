import { useState, type FormEvent } from 'react';
import type { ConsolidatedFilters } from '@rewards/shared/loads';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { TableHead } from '@/components/ui/table';
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
  const text = (key: 'receiver' | 'sender' | 'from' | 'to', type = 'text') => (
    <label className="flex flex-col gap-1">
      {t(`consolidated.${key}`)}
      <input
        type={type}
        className={input}
        value={draft[key] ?? ''}
        maxLength={100}
        aria-invalid={(key === 'from' || key === 'to') && badRange ? true : undefined}
        onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value || undefined }))}
      />
    </label>
  );

  return (
    <div className="space-y-4">
      <form
        onSubmit={apply}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm"
        role="search"
        aria-label={t('consolidated.filters')}
      >
        {text('from', 'date')}
        {text('to', 'date')}
        <label className="flex flex-col gap-1">
          {t('consolidated.recognition')}
          <select
            className={input}
            value={draft.rewardId ?? ''}
            onChange={(e) => setDraft((d) => ({ ...d, rewardId: Number(e.target.value) || undefined }))}
          >
            <option value="">{t('consolidated.anyRecognition')}</option>
            {rewards.data?.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
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
        {rows.data && (
          <p className="text-sm font-semibold text-slate-800" data-testid="consolidated-count" aria-live="polite">
            {t('consolidated.rows', { count: rows.data.totalCount, n: formatPoints(rows.data.totalCount) })}
          </p>
        )}
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
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white p-4" aria-busy={rows.isFetching}>
          <table className="w-full text-left text-sm" data-testid="consolidated-table">
            <TableHead
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
            />
            <tbody>
              {rows.data.data.loads.map((r) => (
                <tr key={r.id} className="border-b border-slate-100 last:border-0" data-testid="consolidated-row">
                  <td className="py-1.5 pr-4 whitespace-nowrap">{formatDateTime(r.createdAt)}</td>
                  <td className="py-1.5 pr-4">{r.loadId}</td>
                  <td className="py-1.5 pr-4">{r.reward?.name ?? '—'}</td>
                  <td className="py-1.5 pr-4">
                    {r.receiver.name}
                    <span className="block text-xs text-slate-500">{r.receiver.email}</span>
                  </td>
                  <td className="py-1.5 pr-4">{r.receiverStoreName ?? '—'}</td>
                  <td className="py-1.5 pr-4">{r.sender.name}</td>
                  <td className="py-1.5 pr-4">{r.senderStoreName ?? '—'}</td>
                  <td className="py-1.5 text-right font-semibold tabular-nums">{formatPoints(r.points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination page={rows.data.page} totalPages={rows.data.totalPages} onChange={setPage} />
        </div>
      )}
    </div>
  );
}
