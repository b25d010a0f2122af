import { Link, Navigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { useLogout } from '@/features/auth/api/logout';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';

/**
 * /logout asks before signing out: opening the address (a link or an image on another site) does nothing
 * by itself; only the button sends the sign-out POST.
 */
export default function LogoutPage() {
  const { t } = useTranslation('logout');
  const session = useSession();
  const logout = useLogout();

  if (session.isPending) return <div className="min-h-[40vh]" aria-busy="true" />;
  if (!session.data) return <Navigate to="/" replace />;

  return (
    <Page title={t('title')}>
      <div className="max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <p className="text-slate-700">{t('question', { email: session.data.email })}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => logout.mutate()} disabled={logout.isPending} data-testid="confirm-logout">
            {t('confirm')}
          </Button>
          <Link
            to="/"
            className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
          >
            {t('cancel')}
          </Link>
        </div>
      </div>
    </Page>
  );
}
