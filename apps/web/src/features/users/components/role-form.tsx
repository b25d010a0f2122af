import { useState, type FormEvent } from 'react';
import { Role, roleValues } from '@rewards/shared/enums';
import type { UserListItem } from '@rewards/shared/users';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { errorText } from '@/lib/error-text';
import { useUpdateUserRole } from '../api/update-user-role';

export interface StoreOption {
  id: number;
  title: string;
  active: boolean;
}

/** A super administrator sets a user's role and, for an administrator, the stores they run. */
export function RoleForm({ user, stores, onDone }: { user: UserListItem; stores: StoreOption[]; onDone: () => void }) {
  const { t } = useTranslation('users');
  const update = useUpdateUserRole();
  const [role, setRole] = useState<Role>(user.role);
  const [adminStores, setAdminStores] = useState<number[]>(user.adminStores);
  const [error, setError] = useState<string>();

  function toggle(id: number, checked: boolean) {
    setAdminStores((list) => (checked ? [...list, id].sort((a, b) => a - b) : list.filter((s) => s !== id)));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    try {
      await update.mutateAsync({ id: user.id, role, adminStores: role === Role.Admin ? adminStores : [] });
      toast.success(t('messages.edited'));
      onDone();
    } catch (err) {
      setError(errorText(t, err));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-5" data-testid="role-form">
      <p className="text-sm text-slate-600">{user.email}</p>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">{t('role.role')}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {roleValues.map((r) => (
            <label key={r} className="flex items-center gap-2 text-sm text-slate-800">
              <input type="radio" name="role" value={r} checked={role === r} onChange={() => setRole(r)} className="h-4 w-4" />
              {t(`roles.${r}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset disabled={role !== Role.Admin} aria-describedby="admin-stores-hint">
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('role.stores')}</legend>
        <p id="admin-stores-hint" className="mb-2 text-xs text-slate-600">
          {role === Role.Admin ? t('role.storesHint') : role === Role.SuperAdmin ? t('role.superRunsAll') : t('role.userHasNoStores')}
        </p>
        <ul className="grid max-h-56 gap-1 overflow-y-auto sm:grid-cols-2">
          {stores.map((s) => (
            <li key={s.id}>
              <label className={`flex items-center gap-2 text-sm ${role === Role.Admin ? 'text-slate-800' : 'text-slate-500'}`}>
                <input
                  type="checkbox"
                  checked={role === Role.Admin && adminStores.includes(s.id)}
                  onChange={(e) => toggle(s.id, e.target.checked)}
                  className="h-4 w-4 rounded"
                />
                {s.title}
                {!s.active && <span className="text-xs text-slate-500">({t('role.inactiveStore')})</span>}
              </label>
            </li>
          ))}
        </ul>
        {role === Role.Admin && adminStores.length === 0 && (
          <p className="mt-2 text-xs font-medium text-amber-800">{t('role.noStoresWarning')}</p>
        )}
      </fieldset>
      {error && (
        <p role="alert" className="rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900">
          {error}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('actions.cancel', { ns: 'common' })}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {t('actions.save', { ns: 'common' })}
        </Button>
      </div>
    </form>
  );
}
