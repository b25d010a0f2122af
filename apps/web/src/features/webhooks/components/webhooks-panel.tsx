import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Dialog } from '@/components/ui/dialog';
import { ActionsCell, CardRow, Cell, ResponsiveTable, StateRow } from '@/components/ui/responsive-table';
import { toast } from '@/lib/toast';
import type { WebhookEndpoint, WebhookEndpointWithSecret } from '../api/types';
import { useDeleteEndpoint, useEndpoints, useRotateSecret, useSendTest } from '../api/webhooks';
import { DeliveriesSection } from './deliveries-section';
import { EndpointForm } from './endpoint-form';
import { EndpointSecret } from './endpoint-secret';
import { webhookErrorText } from './texts';

/**
 * The webhooks of the stores an administrator runs (docs/architecture.md A6.19): the endpoints with their
 * events and state; a new one (its secret shows once), changes, a test event, a new secret, deletion after a
 * confirmation; and the chosen endpoint's deliveries below. `stores`: those the reader runs (every store for a
 * super administrator, who may also add an endpoint for all stores).
 */
export function WebhooksPanel({ stores, superAdmin }: { stores: { id: number; title: string }[]; superAdmin: boolean }) {
  const { t } = useTranslation('webhooks');
  const endpoints = useEndpoints();
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();
  const test = useSendTest();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<WebhookEndpointWithSecret | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const storeName = (id: number | null) => (id === null ? t('allStores') : (stores.find((s) => s.id === id)?.title ?? `#${id}`));
  const shown = endpoints.data?.find((e) => e.id === selected) ?? null;
  const columns = [
    { label: t('columns.url') },
    { label: t('columns.store') },
    { label: t('columns.events') },
    { label: t('columns.state') },
    { label: t('columns.actions') },
  ];

  async function act<T>(run: () => Promise<T>, done: (r: T) => void) {
    try {
      done(await run());
    } catch (err) {
      toast.error(webhookErrorText(t, err));
    }
  }

  return (
    <div className="space-y-6">
      <section aria-labelledby="webhook-endpoints-title" className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0 flex-1">
            <h2 id="webhook-endpoints-title" className="text-lg font-semibold text-slate-900">
              {t('endpoints')}
            </h2>
            <p className="max-w-3xl text-sm text-slate-600">{t('help')}</p>
          </div>
          <Button className="self-start" onClick={() => setEditing('new')} data-testid="webhook-new">
            {t('create')}
          </Button>
        </div>
        {secret && <EndpointSecret endpoint={secret} onDone={() => setSecret(null)} />}
        <ResponsiveTable columns={columns} caption={t('endpoints')} busy={endpoints.isFetching} data-testid="webhook-endpoints">
          {endpoints.isPending ? (
            <StateRow colSpan={columns.length}>
              <div className="h-4 animate-pulse rounded bg-slate-100" />
              <span className="sr-only">{t('common:loading')}</span>
            </StateRow>
          ) : endpoints.isError ? (
            <StateRow colSpan={columns.length} className="text-center">
              <p role="alert" className="text-sm text-rose-700">
                {t('loadError')} {webhookErrorText(t, endpoints.error)}
              </p>
              <Button variant="secondary" className="mt-3" onClick={() => void endpoints.refetch()} disabled={endpoints.isFetching}>
                {t('retry')}
              </Button>
            </StateRow>
          ) : endpoints.data.length === 0 ? (
            <StateRow colSpan={columns.length} className="text-center">
              <div data-testid="webhook-empty">
                <p className="font-medium text-slate-900">{t('empty.title')}</p>
                <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{t('empty.text')}</p>
              </div>
            </StateRow>
          ) : (
            endpoints.data.map((e) => (
              <CardRow key={e.id} className="align-top" selected={e.id === selected} data-testid="webhook-row">
                <Cell primary>
                  <span className="font-medium break-all text-slate-900">{e.url}</span>
                  {e.description && <span className="block text-xs text-slate-600">{e.description}</span>}
                  <span className="block font-mono text-xs text-slate-600">{e.secretPrefix}…</span>
                </Cell>
                <Cell label={t('columns.store')}>{storeName(e.storeId)}</Cell>
                <Cell label={t('columns.events')}>
                  <ul className="text-xs text-slate-700">
                    {e.events.map((type) => (
                      <li key={type}>{t(`events.${type.replace('.', '_')}`)}</li>
                    ))}
                  </ul>
                </Cell>
                <Cell label={t('columns.state')}>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${e.active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
                  >
                    {e.active ? t('state.active') : t('state.inactive')}
                  </span>
                  <span className="mt-1 block text-xs text-slate-600">{t('counts', { pending: e.pending, failed: e.failed })}</span>
                </Cell>
                <ActionsCell>
                  <div className="flex flex-wrap gap-1">
                    <Button
                      variant="ghost"
                      className="px-2 py-1"
                      onClick={() => setSelected(e.id)}
                      aria-label={t('deliveriesLabel', { url: e.url })}
                      data-testid="webhook-show-deliveries"
                    >
                      {t('deliveries.title')}
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-2 py-1"
                      disabled={test.isPending}
                      onClick={() =>
                        void act(
                          () => test.mutateAsync(e.id),
                          () => {
                            toast.success(t('testSent'));
                            setSelected(e.id);
                          },
                        )
                      }
                      data-testid="webhook-test"
                    >
                      {t('test')}
                    </Button>
                    <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(e)} data-testid="webhook-edit">
                      {t('edit')}
                    </Button>
                    <Button variant="ghost" className="px-2 py-1" onClick={() => setRotating(e)} data-testid="webhook-rotate">
                      {t('rotate')}
                    </Button>
                    <Button
                      variant="ghost"
                      className="px-2 py-1 text-rose-700 hover:bg-rose-50"
                      onClick={() => setDeleting(e)}
                      data-testid="webhook-delete"
                    >
                      {t('delete')}
                    </Button>
                  </div>
                </ActionsCell>
              </CardRow>
            ))
          )}
        </ResponsiveTable>
      </section>
      {shown && <DeliveriesSection key={shown.id} endpoint={shown} />}
      <Dialog open={editing !== null} title={editing === 'new' ? t('createTitle') : t('editTitle')} onClose={() => setEditing(null)}>
        {editing !== null && (
          <EndpointForm
            endpoint={editing === 'new' ? undefined : editing}
            stores={stores}
            allStores={superAdmin}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              setEditing(null);
              toast.success(t('saved'));
            }}
            onCreated={(created) => {
              setEditing(null);
              setSecret(created);
              setSelected(created.id);
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { url: deleting?.url ?? '' })}
        confirmLabel={t('delete')}
        busy={remove.isPending}
        onConfirm={() =>
          void act(
            () => remove.mutateAsync(deleting!.id),
            () => {
              if (selected === deleting?.id) setSelected(null);
              setDeleting(null);
              toast.success(t('deleted'));
            },
          ).finally(() => setDeleting(null))
        }
        onClose={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={rotating !== null}
        title={t('rotateTitle')}
        message={t('rotateMessage', { url: rotating?.url ?? '' })}
        confirmLabel={t('rotate')}
        busy={rotate.isPending}
        onConfirm={() =>
          void act(
            () => rotate.mutateAsync(rotating!.id),
            (r) => setSecret(r),
          ).finally(() => setRotating(null))
        }
        onClose={() => setRotating(null)}
      />
    </div>
  );
}
