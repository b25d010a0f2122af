import { useTranslation } from 'react-i18next';
import { useSession } from '@/features/auth/api/get-session';
import { AccountSummary } from '@/features/points/components/account-summary';
import { MovementsPanel } from '@/features/points/components/movements-panel';
import { Page } from '@/components/ui/page';

/** Balance, this program year's figures, the calendar, and the movements with their PDF statement. */
export default function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Page title={t('pages.account.title')}>
      <AccountSummary balance={session.data?.points} />
      <MovementsPanel />
    </Page>
  );
}
