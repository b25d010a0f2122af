import { useTranslation } from 'react-i18next';
import { useProfile } from '@/features/users/api/get-profile';
import { ProfileDetails } from '@/features/users/components/profile-details';
import { ApiError } from '@/lib/api';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';

/** /myProfile: where a first sign-in lands to verify its data (read-only for now). */
export default function MyProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();

  return (
    <Page title={t('pages.myProfile.title')}>
      {profile.isPending ? (
        <div className="h-80 max-w-2xl animate-pulse rounded-2xl bg-slate-100" aria-busy="true">
          <span className="sr-only">{t('loading')}</span>
        </div>
      ) : profile.isError ? (
        <div className="max-w-2xl rounded-2xl border border-rose-200 bg-rose-50 p-6" data-testid="profile-error">
          <p role="alert" className="text-rose-800">
            {t('profile.loadError')} {t(`errors:${profile.error instanceof ApiError ? profile.error.code : 'INTERNAL_ERROR'}`)}
          </p>
          <Button variant="secondary" className="mt-4" onClick={() => void profile.refetch()} disabled={profile.isFetching}>
            {t('profile.retry')}
          </Button>
        </div>
      ) : (
        <ProfileDetails user={profile.data} />
      )}
    </Page>
  );
}
