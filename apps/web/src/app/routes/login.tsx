import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { signInErrorCode } from '@/features/auth/sign-in-error';
import { loginUrl } from '@/features/auth/login-url';
import { SupportContactLink } from '@/features/auth/components/support-contact';
import { Page } from '@/components/ui/page';

export default function LoginPage() {
  const [params] = useSearchParams();
  // Any known code's message (a refused or failed sign-in, a session that ended); else the generic failure.
  const error = signInErrorCode(params.get('error'));
  const { t } = useTranslation(error ? ['login', 'errors'] : 'login');
  const session = useSession();
  const returnTo = params.get('returnTo') ?? '/';
  if (session.data) return <Navigate to={returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/'} replace />;

  return (
    <Page title={t('title')}>
      <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <p className="mb-6 text-slate-600">{t('intro')}</p>
        {error && (
          <div role="alert" className="mb-6 rounded-lg border border-rose-200 bg-rose-50 p-3 text-left text-sm text-rose-800">
            <p>{t(`errors:${error}`)}</p>
            {error === 'USER_INACTIVE' && <SupportContactLink lead="inactive" className="mt-2" />}
          </div>
        )}
        <a
          href={loginUrl(returnTo)}
          className="inline-block w-full rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800"
          data-testid="login-button"
        >
          {t('button')}
        </a>
        <p className="mt-4 text-xs text-slate-500">{t('privacy')}</p>
        {error !== 'USER_INACTIVE' && <SupportContactLink lead="help" className="mt-4 text-sm text-slate-600" />}
      </div>
    </Page>
  );
}
