import { useState, type ReactNode } from 'react';
import type { ApiToken, ApiTokenCreated } from '@rewards/shared/users';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { lazyForm } from '@/components/ui/lazy-form';
import { errorText, useErrorToast } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useApiTokens } from '../api/get-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { ApiTokenSecret } from './api-token-secret';

// Loaded when its dialog first opens: the list page downloads neither the form nor react-hook-form.
const ApiTokenForm = lazyForm(() => import('./api-token-form').then((m) => m.ApiTokenForm));

type Status = 'active' | 'expired' | 'revoked';

const statusOf = (token: ApiToken, now: number): Status =>
  token.revokedAt ? 'revoked' : Date.parse(token.expiresAt) <= now ? 'expired' : 'active';

const statusStyles: Record<Status, string> = {
  active: 'bg-emerald-100 text-emerald-800',
  expired: 'bg-amber-100 text-amber-900',
  revoked: 'bg-slate-200 text-slate-700',
};

/** One token's layout, shared by the rows and their loading skeleton so both have the same geometry. */
function TokenRow({
  title,
  prefix,
  dates,
  action,
  testId,
}: {
  title: ReactNode;
  prefix: ReactNode;
  dates: { label: ReactNode; value: ReactNode }[];
  action: ReactNode;
  testId?: string;
}) {
  return (
    <li className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-4 px-4 py-3" data-testid={testId}>
      <div className="min-w-0">
        <div className="flex min-h-6 flex-wrap items-center gap-x-2">{title}</div>
        <div className="min-h-4 font-mono text-xs text-slate-600">{prefix}</div>
      </div>
      <div className="min-h-7 w-24 text-right">{action}</div>
      <dl className="col-span-2 mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-3">
        {dates.map((d, i) => (
          <div key={i} className="min-w-0">
            <dt className="min-h-4 text-slate-500">{d.label}</dt>
            <dd className="min-h-4 text-slate-800">{d.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

function Bar({ className }: { className: string }) {
  return <span className={`inline-block animate-pulse rounded bg-slate-100 align-middle ${className}`} />;
}

function TokenSkeleton() {
  return (
    <TokenRow
      title={<Bar className="h-4 w-40" />}
      prefix={<Bar className="h-3 w-20" />}
      dates={[0, 1, 2].map(() => ({ label: <Bar className="h-3 w-14" />, value: <Bar className="h-3 w-28 max-w-full" /> }))}
      action={<Bar className="h-7 w-20" />}
    />
  );
}

/**
 * The session user's personal API tokens (README "Integrate"): the list with each one's status, a new
 * token (its secret shown once), and revoking one after a confirmation.
 */
export function ApiTokensPanel() {
  const { t } = useTranslation('profile');
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const errorToast = useErrorToast();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const now = Date.now();

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(t('tokens.revoked'));
    } catch (err) {
      errorToast(err);
    } finally {
      setRevoking(null);
    }
  }

  let content: ReactNode;
  if (tokens.isPending)
    content = (
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-busy="true" data-testid="api-tokens-loading">
        <TokenSkeleton />
        <TokenSkeleton />
        <li className="sr-only">{t('common:loading')}</li>
      </ul>
    );
  else if (tokens.isError)
    content = (
      <div className="rounded-xl border border-rose-200 bg-rose-50 px-4 py-3" role="alert">
        <p className="text-sm text-rose-800">
          {t('tokens.loadError')} {errorText(t, tokens.error)}
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => void tokens.refetch()} disabled={tokens.isFetching}>
          {t('tokens.retry')}
        </Button>
      </div>
    );
  else if (tokens.data.length === 0)
    content = (
      <div className="rounded-xl border border-dashed border-slate-300 px-4 py-6 text-center" data-testid="api-tokens-empty">
        <p className="font-medium text-slate-900">{t('tokens.empty.title')}</p>
        <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{t('tokens.empty.text')}</p>
      </div>
    );
  else
    content = (
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" aria-labelledby="api-tokens-title">
        {tokens.data.map((token) => {
          const status = statusOf(token, now);
          return (
            <TokenRow
              key={token.id}
              testId="api-token-row"
              title={
                <>
                  <span className="font-medium break-all text-slate-900">{token.name}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[status]}`}>
                    {t(`tokens.status.${status}`)}
                  </span>
                </>
              }
              prefix={`${token.prefix}…`}
              dates={[
                { label: t('tokens.created'), value: formatDateTime(token.createdAt) },
                { label: t('tokens.lastUsed'), value: token.lastUsedAt ? formatDateTime(token.lastUsedAt) : t('tokens.never') },
                { label: t('tokens.expires'), value: formatDateTime(token.expiresAt) },
              ]}
              action={
                status === 'active' && (
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-rose-700 hover:bg-rose-50"
                    onClick={() => setRevoking(token)}
                    aria-label={t('tokens.revokeLabel', { name: token.name })}
                  >
                    {t('tokens.revoke')}
                  </Button>
                )
              }
            />
          );
        })}
      </ul>
    );

  return (
    <section className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="api-tokens-title">
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2 id="api-tokens-title" className="text-lg font-semibold text-slate-900">
            {t('tokens.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('tokens.help')}</p>
        </div>
        <Button className="self-start" onClick={() => setCreating(true)}>
          {t('tokens.create')}
        </Button>
      </div>
      {content}
      <Dialog open={creating} title={t('tokens.createTitle')} onClose={() => setCreating(false)}>
        <ApiTokenForm
          onCancel={() => setCreating(false)}
          onCreated={(token) => {
            setCreating(false);
            setCreated(token);
          }}
        />
      </Dialog>
      <Dialog open={created !== null} title={t('tokens.secret.title')} onClose={() => setCreated(null)}>
        {created && <ApiTokenSecret token={created} onDone={() => setCreated(null)} />}
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        title={t('tokens.revokeTitle')}
        message={t('tokens.revokeMessage', { name: revoking?.name ?? '' })}
        confirmLabel={t('tokens.revoke')}
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}
