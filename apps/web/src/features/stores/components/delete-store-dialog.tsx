import { useState } from 'react';
import type { Store, StoreUsage } from '@rewards/shared/stores';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { errorText } from '@/lib/error-text';
import { useStoreAction } from '../api/store-action';

const usageKeys = ['users', 'administrators', 'products', 'categories', 'orders', 'other'] as const;

/**
 * Delete with confirmation. A store in use answers 409 STORE_IN_USE: the dialog stays open and says
 * what the store still holds, and offers to deactivate it instead.
 */
export function DeleteStoreDialog({ store, onClose }: { store: Store | null; onClose: () => void }) {
  const { t } = useTranslation('stores');
  const action = useStoreAction();
  const [problem, setProblem] = useState<{ message: string; usage?: StoreUsage } | null>(null);

  function close() {
    setProblem(null);
    onClose();
  }

  async function run(kind: 'delete' | 'deactivate') {
    if (!store) return;
    try {
      await action.mutateAsync({ id: store.id, action: kind });
      toast.success(kind === 'delete' ? t('messages.deleted') : t('messages.deactivated'));
      close();
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'INTERNAL_ERROR';
      const usage = code === 'STORE_IN_USE' && err instanceof ApiError ? (err.details as StoreUsage | undefined) : undefined;
      setProblem({ message: errorText(t, err), usage });
    }
  }

  const counts = problem?.usage ? usageKeys.filter((k) => (problem.usage?.[k] ?? 0) > 0) : [];
  return (
    <Dialog open={store !== null} title={problem ? t('inUse.title') : t('confirm.deleteTitle')} onClose={close}>
      {problem ? (
        <div role="alert" className="mb-6 space-y-2 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p className="font-medium">{problem.message}</p>
          {counts.length > 0 && (
            <>
              <p>{t('inUse.holds', { name: store?.title ?? '' })}</p>
              <ul className="list-disc pl-5" data-testid="store-usage">
                {counts.map((k) => (
                  <li key={k}>{t(`usage.${k}`, { count: problem.usage![k] })}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : (
        <p className="mb-6 text-sm text-slate-700">{t('confirm.delete', { name: store?.title ?? '' })}</p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={close} disabled={action.isPending}>
          {problem ? t('inUse.close') : t('actions.cancel', { ns: 'common' })}
        </Button>
        {problem && problem.usage && store?.active && (
          <Button onClick={() => void run('deactivate')} disabled={action.isPending}>
            {t('actions.deactivateInstead')}
          </Button>
        )}
        {!problem && (
          <Button variant="danger" onClick={() => void run('delete')} disabled={action.isPending} data-testid="confirm-button">
            {t('actions.delete')}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
