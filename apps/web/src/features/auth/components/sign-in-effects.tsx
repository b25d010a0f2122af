import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FIRST_LOGIN_REDIRECT_MS } from '@rewards/shared/constants';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/toast';
import { onUnauthorized } from '@/lib/api';
import { checkStoreAccount } from '../api/check-store';
import { sessionEndedCode } from '../auth-errors';
import { sessionEndedQueryKey, sessionQueryKey, useSession } from '../api/get-session';
import { requestPosition } from '../login-url';

/**
 * What happens around sign-in, mounted once by each layout: the browser position is asked for,
 * a first sign-in is welcomed and sent to /myProfile after 1000 ms, a store account goes to /admin,
 * and a session that ends while in use clears the state and goes to /login with the reason.
 */
export function SignInEffects() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const handled = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirectTimer.current), []);

  useEffect(() => {
    requestPosition();
  }, []);

  // Any call answering 401 (or the session check answering "signed out") while the app believes it is
  // signed in: the session ended elsewhere (expired, revoked, user deactivated, signed out in another tab).
  // Every cached query goes, and /login says why; it brings the user back here after signing in again.
  useEffect(
    () =>
      onUnauthorized((error) => {
        if (!queryClient.getQueryData(sessionQueryKey)) return;
        clearTimeout(redirectTimer.current); // a first sign-in's trip to /myProfile no longer applies
        const here = window.location.pathname + window.location.search;
        const returnTo = /^\/(login|logout)\b/.test(here) ? '/' : here;
        const reason = sessionEndedCode(error.code);
        queryClient.clear();
        queryClient.setQueryData(sessionEndedQueryKey, reason);
        queryClient.setQueryData(sessionQueryKey, null);
        const query = new URLSearchParams({ error: reason, returnTo });
        void navigate(`/login?${query}`, { replace: true });
      }),
    [navigate, queryClient],
  );

  const signin = params.get('signin');
  useEffect(() => {
    if (!signin || !session.data || handled.current) return;
    handled.current = true;
    const next = new URLSearchParams(params);
    next.delete('signin');
    setParams(next, { replace: true });
    if (signin === 'new') {
      toast.success(t('auth.firstSignIn'));
      redirectTimer.current = setTimeout(() => void navigate('/myProfile'), FIRST_LOGIN_REDIRECT_MS);
      return;
    }
    toast.success(t('auth.welcomeBack', { name: session.data.name }));
    void checkStoreAccount(session.data.storeId).then((isStore) => {
      if (isStore) void navigate('/admin/');
    });
  }, [signin, session.data, params, setParams, navigate, t]);

  return null;
}
