import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { isErrorCode } from '@rewards/shared/errors';
import { useSession } from '@/features/auth/api/get-session';
import { loginUrl } from '@/features/auth/login-url';
import { Page } from '@/components/ui/page';

export default function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session = useSession();
  const returnTo = params.get('returnTo') ?? '/';
  const error = params.get('error');
  if (session.data) return <Navigate to={returnTo.startsWith('/') && !returnTo.startsWith('//') ? returnTo : '/'} replace />;

  return (
    <Page title={t('login.title')}>
      <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <p className="mb-6 text-slate-600">{t('login.intro')}</p>
        {error && (
          <p role="alert" className="mb-6 rounded-lg border border-rose-200 bg-rose-50 p-3 text-left text-sm text-rose-800">
            {isErrorCode(error) ? t(`errors:${error}`) : t('errors:SIGN_IN_FAILED')}
          </p>
        )}
        <a
          href={loginUrl(returnTo)}
          className="inline-block w-full rounded-full bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800"
          data-testid="login-button"
        >
          {t('login.button')}
        </a>
        <p className="mt-4 text-xs text-slate-500">{t('login.privacy')}</p>
      </div>
    </Page>
  );
}
