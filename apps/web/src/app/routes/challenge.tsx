import { useTranslation } from '@/lib/use-translation';
import { userChallengeQueryOptions } from '@/features/challenges/api/get-user-challenge';
import { UserChallengeView } from '@/features/challenges/components/user-challenge';
import { Page } from '@/components/ui/page';
import type { FirstData } from '../first-data';

export const firstData: FirstData = async ({ queryClient, user }) => user && queryClient.prefetchQuery(userChallengeQueryOptions());

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
