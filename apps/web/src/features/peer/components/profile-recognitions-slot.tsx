import { lazy, Suspense } from 'react';
import { useIdle } from '@/lib/use-idle';

const ProfileRecognitions = lazy(() => import('./profile-recognitions').then((m) => ({ default: m.ProfileRecognitions })));

/**
 * As the home page's blocks below its first screen: a second after the page settles would still be inside a
 * page load as Lighthouse measures it (its 13 KB counted in /myProfile's first download), five are not.
 */
const SETTLED_AFTER_MS = 5_000;

/**
 * The profile's "given" and "received" recognitions, below the page's forms: their code, texts and data
 * load once the page has settled, so /myProfile's first download stays what it was
 * (docs/decisions/0028-light-first-paint.md, "later, not first"). A placeholder holds its place meanwhile.
 */
export function ProfileRecognitionsSlot({ readerId }: { readerId: number }) {
  const settled = useIdle(SETTLED_AFTER_MS);
  const placeholder = <div className="h-64 max-w-3xl animate-pulse rounded-2xl bg-slate-100" aria-hidden="true" />;
  return settled ? (
    <Suspense fallback={placeholder}>
      <ProfileRecognitions readerId={readerId} />
    </Suspense>
  ) : (
    placeholder
  );
}
