import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-actions';
import { errorText } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useSetManager } from '../api/set-manager';
import type { PersonOption } from '../api/types';
import { PersonAvatar } from './person-avatar';
import { PersonPicker } from './person-picker';

/** A person's manager: someone found by name or e-mail, or nobody; a chain that comes back to them is refused. */
export function ManagerForm({ user, onDone }: { user: { id: number; name: string }; onDone: () => void }) {
  const { t } = useTranslation('peer');
  const setManager = useSetManager(user.id);
  const [manager, setManagerChoice] = useState<PersonOption | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function save(managerId: number | null) {
    try {
      await setManager.mutateAsync(managerId);
      toast.success(
        managerId === null
          ? t('manager.cleared', { name: user.name })
          : t('manager.saved', { name: user.name, manager: manager?.name ?? '' }),
      );
      onDone();
    } catch (err) {
      setError(errorText(t, err));
    }
  }

  return (
    <div className="space-y-4" data-testid="manager-form">
      <p className="text-sm text-slate-600">{t('manager.help')}</p>
      {manager ? (
        <div className="flex items-center justify-between gap-2 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2">
          <span className="flex min-w-0 items-center gap-2">
            <PersonAvatar person={manager} />
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium">{manager.name}</span>
              {manager.office && <span className="block truncate text-xs text-slate-600">{manager.office}</span>}
            </span>
          </span>
          <Button variant="ghost" className="px-2" onClick={() => setManagerChoice(null)}>
            {t('manager.change')}
          </Button>
        </div>
      ) : (
        <PersonPicker
          label={t('manager.search')}
          exclude={[user.id]}
          onPick={(p) => (setManagerChoice(p), setError(null))}
          testId="manager-search"
        />
      )}
      <FormError message={error ?? undefined} />
      <div className="flex flex-wrap justify-between gap-2">
        <Button variant="ghost" className="text-rose-700" onClick={() => void save(null)} disabled={setManager.isPending}>
          {t('manager.clear')}
        </Button>
        <Button onClick={() => manager && void save(manager.id)} disabled={!manager || setManager.isPending} data-testid="manager-save">
          {t('common:actions.save')}
        </Button>
      </div>
    </div>
  );
}
