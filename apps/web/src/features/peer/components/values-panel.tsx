import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog, useConfirmAction } from '@/components/ui/confirm-action';
import { Dialog } from '@/components/ui/dialog';
import { lazyForm } from '@/components/ui/lazy-form';
import { Localized, useContent } from '@/components/ui/localized';
import { ActionsCell, CardRow, Cell, ResponsiveTable, StateRow } from '@/components/ui/responsive-table';
import { useStoreValues } from '../api/get-values';
import { useDeleteValue, useSaveValue } from '../api/save-value';
import type { CompanyValue } from '../api/types';

// Loaded when its dialog first opens: the page downloads neither the form nor react-hook-form before.
const ValueForm = lazyForm(() => import('./value-form').then((m) => m.ValueForm));

/** A store's company values: create and edit in a dialog, activate or deactivate, delete after a confirmation. */
export function ValuesPanel({ storeId }: { storeId: number }) {
  const { t } = useTranslation('peer');
  const content = useContent();
  const values = useStoreValues(storeId);
  const save = useSaveValue(storeId);
  const remove = useDeleteValue();
  const [editing, setEditing] = useState<CompanyValue | 'new' | null>(null);
  const byId = new Map((values.data ?? []).map((v) => [v.id, v]));
  const confirm = useConfirmAction(
    async ({ id, action }) => {
      if (action === 'delete') return remove.mutateAsync(id);
      const v = byId.get(id)!;
      return save.mutateAsync({
        id,
        body: { name: v.name, nameEn: v.nameEn, emoji: v.emoji, color: v.color, active: action === 'activate' },
      });
    },
    { ns: 'peer' },
  );
  return (
    <section aria-labelledby="values-title" data-testid="values-panel">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="values-title" className="text-lg font-semibold text-slate-900">
            {t('admin.values.title')}
          </h2>
          <p className="text-sm text-slate-600">{t('admin.values.help')}</p>
        </div>
        <Button onClick={() => setEditing('new')} data-testid="new-value">
          {t('admin.values.new')}
        </Button>
      </div>
      <ResponsiveTable
        caption={t('admin.values.title')}
        busy={values.isFetching}
        columns={[
          { label: t('admin.values.name') },
          { label: t('admin.values.look') },
          { label: t('admin.values.status') },
          { label: t('admin.values.actions'), end: true },
        ]}
      >
        {values.isPending && (
          <StateRow colSpan={4}>
            <div className="h-4 animate-pulse rounded bg-slate-100" />
          </StateRow>
        )}
        {values.isError && (
          <StateRow colSpan={4} className="text-rose-700">
            {t('admin.values.loadError')}
          </StateRow>
        )}
        {values.data?.length === 0 && (
          <StateRow colSpan={4} className="text-center text-slate-600">
            {t('admin.values.none')}
          </StateRow>
        )}
        {values.data?.map((v) => {
          const name = content(v, 'name').text;
          return (
            <CardRow key={v.id} data-testid="value-row">
              <Cell primary>
                <Localized value={content(v, 'name')} className="font-medium text-slate-900" />
              </Cell>
              <Cell label={t('admin.values.look')}>
                <span className="inline-flex items-center gap-2">
                  <span aria-hidden="true" className="text-lg">
                    {v.emoji ?? '—'}
                  </span>
                  {v.color && (
                    <span className="inline-flex items-center gap-1 text-xs text-slate-600">
                      <span
                        className="h-4 w-4 rounded-full border border-slate-300"
                        style={{ backgroundColor: v.color }}
                        aria-hidden="true"
                      />
                      {v.color}
                    </span>
                  )}
                </span>
              </Cell>
              <Cell label={t('admin.values.status')}>
                <span
                  className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${v.active ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700'}`}
                >
                  {v.active ? t('admin.values.active') : t('admin.values.inactive')}
                </span>
              </Cell>
              <ActionsCell>
                <Button variant="ghost" className="px-2" onClick={() => setEditing(v)}>
                  {t('actions.edit')}
                  <span className="sr-only"> {name}</span>
                </Button>
                <Button
                  variant="ghost"
                  className="px-2"
                  onClick={() => confirm.setPending({ id: v.id, name, action: v.active ? 'deactivate' : 'activate' })}
                >
                  {v.active ? t('actions.deactivate') : t('actions.activate')}
                  <span className="sr-only"> {name}</span>
                </Button>
                <Button
                  variant="ghost"
                  className="px-2 text-rose-700"
                  onClick={() => confirm.setPending({ id: v.id, name, action: 'delete' })}
                >
                  {t('actions.delete')}
                  <span className="sr-only"> {name}</span>
                </Button>
              </ActionsCell>
            </CardRow>
          );
        })}
      </ResponsiveTable>
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('admin.values.new') : t('admin.values.edit')}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <ValueForm storeId={storeId} value={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Dialog>
      <ConfirmActionDialog confirm={confirm} ns="peer" labels="actions" />
    </section>
  );
}
