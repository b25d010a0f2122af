import { useTranslation } from '@/lib/use-translation';
import { userChallengeQueryOptions } from '@/features/challenges/api/get-user-challenge';
import { UserChallengeView } from '@/features/challenges/components/user-challenge';
import { Page } from '@/components/ui/page';
import i18n from '@/lib/i18n';
import type { FirstData } from '../first-data';

export const firstData: FirstData = ({ queryClient, user }) =>
  Promise.all([i18n.loadNamespaces('challenges'), user && queryClient.prefetchQuery(userChallengeQueryOptions())]);

/** /challenge: the surprise challenge of the user's store (docs/architecture.md P2). */
export default function ChallengePage() {
  const { t } = useTranslation('challenges');
  return (
    <Page title={t('user.title')}>
      <div className="max-w-3xl">
        <UserChallengeView />
      </div>
    </Page>
  );
}
