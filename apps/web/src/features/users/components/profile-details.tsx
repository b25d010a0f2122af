import type { SessionUser } from '@rewards/shared/users';
import { useTranslation } from '@/lib/use-translation';
import { Avatar } from '@/components/ui/avatar';
import { formatPoints } from '@/lib/format';

/** The read-only account details of a user: what a first sign-in is asked to verify. */
export function ProfileDetails({ user }: { user: SessionUser }) {
  const { t } = useTranslation('profile');
  const fullName = [user.name, user.lastName].filter(Boolean).join(' ');
  const missing = <span className="text-slate-500 italic">{t('details.notProvided')}</span>;
  const rows = [
    { key: 'name', value: fullName },
    { key: 'email', value: user.email },
    { key: 'store', value: user.storeName ?? missing },
    { key: 'role', value: t(`details.roles.${user.role}`) },
    { key: 'points', value: formatPoints(user.points) },
    { key: 'is', value: user.is || missing },
    { key: 'contact', value: user.contact || missing },
  ] as const;

  return (
    <section className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="profile-details-title">
      <div className="mb-5 flex items-center gap-4">
        <Avatar user={user} size="lg" />
        <div className="min-w-0">
          <h2 id="profile-details-title" className="truncate text-lg font-semibold text-slate-900">
            {fullName}
          </h2>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
        </div>
      </div>
      <dl className="divide-y divide-slate-100" data-testid="profile-details">
        {rows.map((row) => (
          <div key={row.key} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-600">{t(`details.fields.${row.key}`)}</dt>
            <dd className="text-sm text-slate-900 sm:col-span-2" data-testid={`profile-${row.key}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 text-sm text-slate-600">{t('details.fixHint')}</p>
    </section>
  );
}
