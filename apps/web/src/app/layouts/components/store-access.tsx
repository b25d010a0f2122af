import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Role } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { ApiError } from '@/lib/api';
import { useSession } from '@/features/auth/api/get-session';
import { useStores } from '@/features/stores/api/get-stores';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../admin-layout';

/** A FORBIDDEN_STORE answer about `storeId` (its details name the store, plugins/auth.ts on the server). */
function refusesStore(error: unknown, storeId: number): boolean {
  return (
    error instanceof ApiError &&
    error.code === 'FORBIDDEN_STORE' &&
    (error.details as { storeId?: unknown } | undefined)?.storeId === storeId
  );
}

/**
 * An admin page about one store, the one its address names (/admin/inventory/{storeId}, banners, rewards,
 * challenges, a store's loads): shown only to who runs that store, a super administrator or an administrator
 * with it among their `adminStores` (docs/architecture.md A5, P6). Anyone else sees what happened and the
 * stores they do run, each a link to the same section (`section`), instead of a page whose every request the
 * server refuses. The server's own refusal, 403 FORBIDDEN_STORE on any of the page's requests (a store taken
 * from them after their session was read), shows the same.
 */
export function StoreAccess({
  storeId,
  section,
  children,
}: {
  storeId: number;
  section: (storeId: number) => string;
  children: ReactNode;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [refused, setRefused] = useState(false);

  useEffect(() => {
    setRefused(false);
    const cache = queryClient.getQueryCache();
    if (cache.getAll().some((q) => refusesStore(q.state.error, storeId))) setRefused(true);
    return cache.subscribe((event) => {
      if (event.type === 'updated' && refusesStore(event.query.state.error, storeId)) setRefused(true);
    });
  }, [queryClient, storeId]);

  const user = session.data;
  if (!user) return null;
  const valid = Number.isInteger(storeId) && storeId > 0;
  const allowed = valid && (user.role === Role.SuperAdmin || user.adminStores.includes(storeId));
  if (allowed && !refused) return children;
  return <NoStoreAccess storeId={valid ? storeId : null} section={section} />;
}

/** What an administrator sees on another store's page: that it is not theirs, and the stores that are. */
function NoStoreAccess({ storeId, section }: { storeId: number | null; section: (storeId: number) => string }) {
  const { t } = useTranslation('admin');
  const mine = useAdminStores();
  const all = useStores().data?.data ?? [];
  const name = all.find((s) => s.id === storeId)?.title;
  return (
    <Page title={t('noAccess.title')}>
      <div className="max-w-2xl rounded-xl border border-amber-200 bg-white p-5 shadow-sm" data-testid="no-store-access">
        <p className="text-slate-800">
          {storeId === null ? t('noAccess.invalid') : t('noAccess.named', { store: name ?? t('noAccess.unnamed', { id: storeId }) })}
        </p>
        {mine.length > 0 ? (
          <>
            <h2 className="mt-4 font-semibold text-slate-900">{t('noAccess.yours')}</h2>
            <ul className="mt-2 flex flex-wrap gap-2" data-testid="no-store-access-stores">
              {mine.map((s) => (
                <li key={s.id}>
                  <Link
                    to={section(s.id)}
                    className="inline-block rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm font-semibold text-indigo-800 hover:bg-indigo-100"
                  >
                    {s.title}
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="mt-3 text-slate-700">{t('noAccess.none')}</p>
        )}
        <p className="mt-4 text-sm text-slate-600">{t('noAccess.ask')}</p>
        <Link to="/admin/" className="mt-3 inline-block text-sm font-semibold text-indigo-700 hover:underline">
          {t('noAccess.dashboard')}
        </Link>
      </div>
    </Page>
  );
}
