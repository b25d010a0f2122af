import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { useLogout } from '@/features/auth/api/logout';
import { Page } from '@/components/ui/page';
import { useUiState } from '@/components/ui/ui-state';

export default function LogoutPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const { withLoading } = useUiState();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void withLoading(logout.mutateAsync()).then(() => {
      toast.success(t('logout.done'));
      void navigate('/login', { replace: true });
    });
  }, [logout, navigate, t, withLoading]);

  return <Page title={t('logout.title')} />;
}
