import { useTranslation } from '@/lib/use-translation';
import { profileQueryOptions, useProfile } from '@/features/users/api/get-profile';
import { ProfileDetails } from '@/features/users/components/profile-details';
import { preferencesQueryOptions, usePreferences } from '@/features/profile/api/get-preferences';
import { PreferencesForm } from '@/features/profile/components/preferences-form';
import { ApiTokensPanel } from '@/features/profile/components/api-tokens-panel';
import { PlacePanel } from '@/features/profile/components/place-panel';
import { ownCelebrationsQueryOptions } from '@/features/profile/api/own-celebrations';
import { CelebrationsSection } from '@/features/profile/components/celebrations-form';
import { ProfileRecognitionsSlot } from '@/features/peer/components/profile-recognitions-slot';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { errorText } from '@/lib/error-text';
import type { FirstData } from '../first-data';

/** The answers it shows (its texts, for its details, preferences, celebrations, place and tokens, come named in its HTML): its first paint is the page. */
export const firstData: FirstData = async ({ queryClient, user }) =>
  user &&
  Promise.all([
    queryClient.prefetchQuery(profileQueryOptions()),
    queryClient.prefetchQuery(preferencesQueryOptions()),
    queryClient.prefetchQuery(ownCelebrationsQueryOptions()),
  ]);

function Loading() {
  const { t } = useTranslation('profile');
  return (
    <div className="h-80 max-w-2xl animate-pulse rounded-2xl bg-slate-100" aria-busy="true">
      <span className="sr-only">{t('common:loading')}</span>
    </div>
  );
}

function LoadError({ error, retry, busy }: { error: unknown; retry: () => void; busy: boolean }) {
  const { t } = useTranslation('profile');
  return (
    <div className="max-w-2xl rounded-2xl border border-rose-200 bg-rose-50 p-6" data-testid="profile-error">
      <p role="alert" className="text-rose-800">
        {t('page.loadError')} {errorText(t, error)}
      </p>
      <Button variant="secondary" className="mt-4" onClick={retry} disabled={busy}>
        {t('page.retry')}
      </Button>
    </div>
  );
}

/** /myProfile: where a first sign-in lands to verify its data; account details, the preferences form, the celebrations, the saved location, the API tokens and the recognitions given and received. */
export default function MyProfilePage() {
  const { t } = useTranslation('profile');
  const profile = useProfile();
  const preferences = usePreferences();
  const failed = profile.isError ? profile : preferences.isError ? preferences : null;

  return (
    <Page title={t('page.title')}>
      {failed ? (
        <LoadError error={failed.error} retry={() => void failed.refetch()} busy={failed.isFetching} />
      ) : !profile.data || !preferences.data ? (
        <Loading />
      ) : (
        <div className="space-y-6">
          <ProfileDetails user={profile.data} />
          {/* Keyed by the saved store: a new store (chosen or nearest) starts the form from what was saved. */}
          <PreferencesForm key={`${preferences.data.storeId}`} preferences={preferences.data} />
          <CelebrationsSection />
          <PlacePanel place={preferences.data.place} />
          <ApiTokensPanel />
          <ProfileRecognitionsSlot readerId={profile.data.id} />
        </div>
      )}
    </Page>
  );
}
