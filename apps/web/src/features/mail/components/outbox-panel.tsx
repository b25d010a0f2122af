import { useState } from 'react';
import { mailStatuses, type MailStatus } from '@rewards/shared/mail-rules';
import { useTranslation } from '@/lib/use-translation';
import { Pagination } from '@/components/ui/pagination';
import { CardRow, Cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { formatDateTime } from '@/lib/format';
import { errorText } from '@/lib/error-text';
import { useOutbox } from '../api/get-outbox';

const statusStyle: Record<MailStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sent: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-rose-100 text-rose-900',
};

/** The e-mail outbox: each message with its status, attempts and last error; filtered by status, paged. */
export function OutboxPanel() {
  const { t } = useTranslation('mail');
  const [status, setStatus] = useState<MailStatus | ''>('');
  const [page, setPage] = useState(1);
  const outbox = useOutbox({ page, status: status || undefined });

  return (
    <div className="space-y-4">
      <label className="flex max-w-xs flex-col gap-1 text-sm font-medium text-slate-800">
        {t('filter')}
        <select
          className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as MailStatus | '');
            setPage(1);
          }}
        >
          <option value="">{t('all')}</option>
          {mailStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      {outbox.isPending ? (
        <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />
      ) : outbox.isError ? (
        <p role="alert" className="text-rose-700">
          {errorText(t, outbox.error)}
        </p>
      ) : outbox.data.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">{t('empty')}</p>
      ) : (
        <div>
          <ResponsiveTable
            data-testid="outbox-table"
            busy={outbox.isFetching}
            columns={[
              { label: t('columns.created') },
              { label: t('columns.to') },
              { label: t('columns.subject') },
              { label: t('columns.status') },
              { label: t('columns.attempts'), end: true },
              { label: t('columns.lastError') },
            ]}
          >
            {outbox.data.data.map((m) => (
              <CardRow key={m.id} className="align-top" data-testid="outbox-row">
                <Cell label={t('columns.created')} className="md:whitespace-nowrap">
                  {formatDateTime(m.createdAt)}
                </Cell>
                <Cell primary>
                  <span className="break-all max-md:font-medium max-md:text-slate-900">{m.toAddress}</span>
                  <span className="mt-1 block text-xs text-slate-500" data-testid="outbox-channel">
                    {t(`channel.${m.channel}`)}
                  </span>
                </Cell>
                <Cell label={t('columns.subject')}>
                  <details>
                    <summary className="cursor-pointer">{m.subject || t('unrenderable')}</summary>
                    <pre className="mt-2 max-w-xl text-xs whitespace-pre-wrap text-slate-700">{m.bodyText}</pre>
                  </details>
                </Cell>
                <Cell label={t('columns.status')}>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyle[m.status]}`}>
                    {t(`status.${m.status}`)}
                  </span>
                  {m.sentAt && <span className="mt-1 block text-xs text-slate-500">{formatDateTime(m.sentAt)}</span>}
                  {m.status === 'pending' && m.attempts > 0 && (
                    <span className="mt-1 block text-xs text-slate-500">{t('nextAttempt', { at: formatDateTime(m.sendAfter) })}</span>
                  )}
                </Cell>
                <Cell label={t('columns.attempts')} end>
                  {m.attempts}
                </Cell>
                <Cell label={t('columns.lastError')} className={`text-xs break-words text-rose-800 ${m.lastError ? '' : 'max-md:hidden'}`}>
                  {m.lastError ?? ''}
                </Cell>
              </CardRow>
            ))}
          </ResponsiveTable>
          <Pagination page={outbox.data.page} totalPages={outbox.data.totalPages} onChange={setPage} />
        </div>
      )}
    </div>
  );
}
