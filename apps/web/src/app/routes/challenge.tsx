import { useTranslation } from 'react-i18next';
import { UserChallengeView } from '@/features/challenges/components/user-challenge';
import { Page } from '@/components/ui/page';

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
