import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { lazyForm } from '@/components/ui/lazy-form';
import { ActionsCell, CardRow, Cell, ResponsiveTable, StateRow } from '@/components/ui/responsive-table';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useConnections, useRevokeConnection } from '../api/connections';
import type { DirectoryConnection, DirectoryConnectionCreated } from '../api/types';
import { ConnectionSecret } from './connection-secret';
import { directoryErrorText } from './texts';

// Loaded when its dialog first opens: the page downloads neither the form nor react-hook-form before.
const ConnectionForm = lazyForm(() => import('./connection-form').then((m) => m.ConnectionForm));

type State = 'active' | 'expired' | 'revoked';

export const connectionState = (c: DirectoryConnection, now: number): State =>
  c.revokedAt ? 'revoked' : Date.parse(c.expiresAt) <= now ? 'expired' : 'active';

const stateStyles: Record<State, string> = {
  active: 'bg-emerald-100 text-emerald-800',
  expired: 'bg-amber-100 text-amber-900',
  revoked: 'bg-slate-200 text-slate-700',
};

/**
 * The SCIM connections (docs/architecture.md A6.18): one per directory (Entra ID, Okta…), each with its own
 * token. The list with each one's state; a new one, whose token shows once; revoking one after a confirmation.
 */
export function ConnectionsSection() {
  const { t } = useTranslation('directory');
  const connections = useConnections();
  const revoke = useRevokeConnection();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<DirectoryConnectionCreated | null>(null);
  const [revoking, setRevoking] = useState<DirectoryConnection | null>(null);
  const now = Date.now();
  const columns = [
    { label: t('connections.columns.name') },
    { label: t('connections.columns.officeAttribute') },
    { label: t('connections.columns.created') },
    { label: t('connections.columns.lastUsed') },
    { label: t('connections.columns.expires') },
    { label: t('connections.columns.state') },
    { label: t('connections.columns.actions') },
  ];

  async function confirmRevoke() {
    if (!revoking) return;
    try {
      await revoke.mutateAsync(revoking.id);
      toast.success(t('connections.revoked'));
    } catch (err) {
      toast.error(directoryErrorText(t, err));
    } finally {
      setRevoking(null);
    }
  }

  return (
    <section aria-labelledby="directory-connections-title" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 flex-1">
          <h2 id="directory-connections-title" className="text-lg font-semibold text-slate-900">
            {t('connections.title')}
          </h2>
          <p className="max-w-3xl text-sm text-slate-600">{t('connections.help')}</p>
        </div>
        <Button className="self-start" onClick={() => setCreating(true)} data-testid="directory-new-connection">
          {t('connections.create')}
        </Button>
      </div>
      {created && <ConnectionSecret connection={created} onDone={() => setCreated(null)} />}
      <ResponsiveTable columns={columns} caption={t('connections.title')} busy={connections.isFetching} data-testid="directory-connections">
        {connections.isPending ? (
          <StateRow colSpan={columns.length}>
            <div className="h-4 animate-pulse rounded bg-slate-100" />
            <span className="sr-only">{t('common:loading')}</span>
          </StateRow>
        ) : connections.isError ? (
          <StateRow colSpan={columns.length} className="text-center">
            <p role="alert" className="text-sm text-rose-700">
              {t('connections.loadError')} {directoryErrorText(t, connections.error)}
            </p>
            <Button variant="secondary" className="mt-3" onClick={() => void connections.refetch()} disabled={connections.isFetching}>
              {t('retry')}
            </Button>
          </StateRow>
        ) : connections.data.length === 0 ? (
          <StateRow colSpan={columns.length} className="text-center">
            <div data-testid="directory-connections-empty">
              <p className="font-medium text-slate-900">{t('connections.empty.title')}</p>
              <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{t('connections.empty.text')}</p>
            </div>
          </StateRow>
        ) : (
          connections.data.map((c) => {
            const state = connectionState(c, now);
            return (
              <CardRow key={c.id} className="align-top" data-testid="directory-connection-row">
                <Cell primary>
                  <span className="font-medium break-all text-slate-900">{c.name}</span>
                  <span className="block font-mono text-xs text-slate-600">{c.prefix}…</span>
                </Cell>
                <Cell label={t('connections.columns.officeAttribute')}>{t(`officeAttributes.${c.officeAttribute}`)}</Cell>
                <Cell label={t('connections.columns.created')} className="md:whitespace-nowrap">
                  {formatDateTime(c.createdAt)}
                  {c.createdBy && <span className="block text-xs text-slate-500">{c.createdBy.name}</span>}
                </Cell>
                <Cell label={t('connections.columns.lastUsed')} className="md:whitespace-nowrap">
                  {c.lastUsedAt ? formatDateTime(c.lastUsedAt) : t('connections.never')}
                </Cell>
                <Cell label={t('connections.columns.expires')} className="md:whitespace-nowrap">
                  {formatDateTime(c.expiresAt)}
                </Cell>
                <Cell label={t('connections.columns.state')}>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${stateStyles[state]}`}>
                    {t(`connections.state.${state}`)}
                  </span>
                  {c.revokedAt && <span className="mt-1 block text-xs text-slate-500">{formatDateTime(c.revokedAt)}</span>}
                </Cell>
                {/* A card shows no empty foot for a connection nothing can be done to. */}
                <ActionsCell className={state === 'active' ? '' : 'max-md:hidden'}>
                  {state === 'active' && (
                    <Button
                      variant="ghost"
                      className="px-2 py-1 text-rose-700 hover:bg-rose-50"
                      onClick={() => setRevoking(c)}
                      aria-label={t('connections.revokeLabel', { name: c.name })}
                    >
                      {t('connections.revoke')}
                    </Button>
                  )}
                </ActionsCell>
              </CardRow>
            );
          })
        )}
      </ResponsiveTable>
      <Dialog open={creating} title={t('connections.createTitle')} onClose={() => setCreating(false)}>
        <ConnectionForm
          onCancel={() => setCreating(false)}
          onCreated={(connection) => {
            setCreating(false);
            setCreated(connection);
          }}
        />
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        title={t('connections.revokeTitle')}
        message={t('connections.revokeMessage', { name: revoking?.name ?? '' })}
        confirmLabel={t('connections.revoke')}
        busy={revoke.isPending}
        onConfirm={() => void confirmRevoke()}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}
