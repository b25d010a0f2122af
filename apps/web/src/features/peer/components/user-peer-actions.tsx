import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { lazyForm } from '@/components/ui/lazy-form';

// Loaded when the dialog first opens.
const ManagerForm = lazyForm(() => import('./manager-form').then((m) => m.ManagerForm));
const BoostForm = lazyForm(() => import('./boost-form').then((m) => m.BoostForm));

/**
 * On /admin/users, a user's row: one action, "Peer recognition", whose dialog sets their manager and
 * boosts what they may give. The dialog is not inside the row (a table cell's alignment would be its own).
 */
export function UserPeerActions({ user }: { user: { id: number; name: string } }) {
  const { t } = useTranslation('peer');
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <>
      <Button variant="ghost" className="px-2 py-1" onClick={() => setOpen(true)} data-testid="user-peer">
        {t('userActions.action')}
        <span className="sr-only"> {user.name}</span>
      </Button>
      {createPortal(
        <Dialog open={open} title={t('userActions.title', { name: user.name })} onClose={close}>
          {open && (
            <div className="space-y-6">
              <section aria-labelledby={`manager-${user.id}`} className="space-y-3">
                <h3 id={`manager-${user.id}`} className="text-sm font-semibold text-slate-900">
                  {t('manager.action')}
                </h3>
                <ManagerForm user={user} onDone={close} />
              </section>
              <section aria-labelledby={`boost-${user.id}`} className="space-y-3 border-t border-slate-200 pt-4">
                <h3 id={`boost-${user.id}`} className="text-sm font-semibold text-slate-900">
                  {t('boost.action')}
                </h3>
                <BoostForm user={user} onDone={close} />
              </section>
            </div>
          )}
        </Dialog>,
        document.body,
      )}
    </>
  );
}
