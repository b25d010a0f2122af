import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { ActionsCell, CardRow, Cell, ResponsiveTable, StateRow } from '@/components/ui/responsive-table';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { deliveryStatuses, type WebhookDelivery, type WebhookDeliveryStatus, type WebhookEndpoint } from '../api/types';
import { useDeliveries, useRedeliver } from '../api/webhooks';
import { webhookErrorText } from './texts';

const statusStyles: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  delivered: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-rose-100 text-rose-800',
};

/**
 * An endpoint's deliveries of the last 30 days (docs/architecture.md A6.19), newest first, by status: each
 * with its event, its attempts (time, the receiver's status or the error, how long), and Redeliver after a
 * confirmation (the same event id again, behind any pending delivery of its subject).
 */
export function DeliveriesSection({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<WebhookDeliveryStatus | undefined>(undefined);
  const deliveries = useDeliveries(endpoint.id, { page, status });
  const redeliver = useRedeliver();
  const [asking, setAsking] = useState<WebhookDelivery | null>(null);
  const columns = [
    { label: t('deliveries.columns.event') },
    { label: t('deliveries.columns.created') },
    { label: t('deliveries.columns.status') },
    { label: t('deliveries.columns.attempts') },
    { label: t('deliveries.columns.actions') },
  ];

  async function confirm() {
    if (!asking) return;
    try {
      await redeliver.mutateAsync(asking.id);
      toast.success(t('deliveries.redelivered'));
    } catch (err) {
      toast.error(webhookErrorText(t, err));
    } finally {
      setAsking(null);
    }
  }

  return (
    <section aria-labelledby="webhook-deliveries-title" className="space-y-3" data-testid="webhook-deliveries">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id="webhook-deliveries-title" className="text-lg font-semibold text-slate-900">
            {t('deliveries.title')}
          </h2>
          <p className="text-sm break-all text-slate-600">{endpoint.url}</p>
          <p className="text-xs text-slate-600">{t('deliveries.help')}</p>
        </div>
        <div className="flex gap-2">
          <label className="flex items-center gap-2 text-sm text-slate-700">
            {t('deliveries.filter')}
            <select
              className="rounded-md border border-slate-300 px-2 py-1"
              value={status ?? ''}
              onChange={(e) => {
                setStatus((e.target.value || undefined) as WebhookDeliveryStatus | undefined);
                setPage(1);
              }}
              data-testid="webhook-deliveries-status"
            >
              <option value="">{t('deliveries.all')}</option>
              {deliveryStatuses.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching}>
            {t('deliveries.refresh')}
          </Button>
        </div>
      </div>
      <ResponsiveTable columns={columns} caption={t('deliveries.title')} busy={deliveries.isFetching}>
        {deliveries.isPending ? (
          <StateRow colSpan={columns.length}>
            <div className="h-4 animate-pulse rounded bg-slate-100" />
            <span className="sr-only">{t('common:loading')}</span>
          </StateRow>
        ) : deliveries.isError ? (
          <StateRow colSpan={columns.length} className="text-center">
            <p role="alert" className="text-sm text-rose-700">
              {t('deliveries.loadError')} {webhookErrorText(t, deliveries.error)}
            </p>
            <Button variant="secondary" className="mt-3" onClick={() => void deliveries.refetch()}>
              {t('retry')}
            </Button>
          </StateRow>
        ) : deliveries.data.data.length === 0 ? (
          <StateRow colSpan={columns.length} className="text-center">
            <p className="text-sm text-slate-600" data-testid="webhook-deliveries-empty">
              {t('deliveries.empty')}
            </p>
          </StateRow>
        ) : (
          deliveries.data.data.map((d) => (
            <CardRow key={d.id} className="align-top" data-testid="webhook-delivery-row">
              <Cell primary>
                <span className="font-medium text-slate-900">{d.type}</span>
                <span className="block font-mono text-xs break-all text-slate-600">{d.eventId}</span>
                <span className="block text-xs text-slate-600">{d.subject}</span>
                {d.redeliveryOf !== null && <span className="block text-xs text-slate-600">{t('deliveries.redelivery')}</span>}
              </Cell>
              <Cell label={t('deliveries.columns.created')} className="md:whitespace-nowrap">
                {formatDateTime(d.createdAt)}
              </Cell>
              <Cell label={t('deliveries.columns.status')}>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusStyles[d.status]}`}>
                  {t(`status.${d.status}`)}
                </span>
                {d.nextAttemptAt && (
                  <span className="mt-1 block text-xs text-slate-600">
                    {t('deliveries.next', { date: formatDateTime(d.nextAttemptAt) })}
                  </span>
                )}
              </Cell>
              <Cell label={t('deliveries.columns.attempts')}>
                {d.attemptLog.length === 0 ? (
                  <span className="text-xs text-slate-600">{t('deliveries.noAttempts')}</span>
                ) : (
                  <ul className="space-y-1 text-xs" data-testid="webhook-attempts">
                    {d.attemptLog.map((a) => (
                      <li key={a.id} className="flex flex-wrap gap-x-2">
                        <span className="text-slate-600">{formatDateTime(a.at)}</span>
                        <span
                          className={`font-semibold ${a.statusCode !== null && a.statusCode < 300 ? 'text-emerald-800' : 'text-rose-700'}`}
                        >
                          {a.statusCode !== null ? `HTTP ${a.statusCode}` : t('deliveries.noAnswer')}
                        </span>
                        <span className="text-slate-600">{t('deliveries.duration', { ms: a.durationMs })}</span>
                        {a.error && <span className="w-full break-all text-rose-700">{a.error}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </Cell>
              <ActionsCell>
                <Button
                  variant="ghost"
                  className="px-2 py-1"
                  onClick={() => setAsking(d)}
                  aria-label={t('deliveries.redeliverLabel', { id: d.eventId })}
                  data-testid="webhook-redeliver"
                >
                  {t('deliveries.redeliver')}
                </Button>
              </ActionsCell>
            </CardRow>
          ))
        )}
      </ResponsiveTable>
      {deliveries.data && deliveries.data.totalPages > 1 && (
        <Pagination page={page} totalPages={deliveries.data.totalPages} onChange={setPage} />
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t('deliveries.redeliverTitle')}
        message={t('deliveries.redeliverMessage', { id: asking?.eventId ?? '' })}
        confirmLabel={t('deliveries.redeliver')}
        danger={false}
        busy={redeliver.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setAsking(null)}
      />
    </section>
  );
}
