import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { accountStatisticsQueryOptions } from '@/features/points/api/get-account-statistics';
import { myMovementsQueryOptions } from '@/features/points/api/get-my-movements';
import { programCalendarQueryOptions } from '@/features/points/api/get-program-calendar';
import { AccountSummary } from '@/features/points/components/account-summary';
import { MovementsPanel } from '@/features/points/components/movements-panel';
import { periodOf } from '@/features/points/components/period-picker';
import { Page } from '@/components/ui/page';
import type { FirstData } from '../first-data';

export const firstData: FirstData = async ({ queryClient, user }) => {
  if (!user) return;
  await Promise.all([queryClient.prefetchQuery(programCalendarQueryOptions()), queryClient.prefetchQuery(accountStatisticsQueryOptions())]);
  // The movements of the period the panel opens with (this program year).
  const period = periodOf('year', {}, queryClient.getQueryData(programCalendarQueryOptions().queryKey));
  if (period) await queryClient.prefetchQuery(myMovementsQueryOptions(period, 1));
};

/** Balance, this program year's figures, the calendar, and the movements with their PDF statement. */
export default function AccountPage() {
  const { t } = useTranslation('points');
  const session = useSession();
  return (
    <Page title={t('title')}>
      <AccountSummary balance={session.data?.points} />
      <MovementsPanel />
    </Page>
  );
}
