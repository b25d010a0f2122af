import { lazy, Suspense } from 'react';
import { useInView } from '@/lib/use-in-view';
import { useIdle } from '@/lib/use-idle';
import { HOME_NOTIFICATIONS_SHOWN, useLatestNotifications } from '../api/get-notifications';

const HomeNotifications = lazy(() => import('./home-notifications').then((m) => ({ default: m.HomeNotifications })));

/** As the header's notifications menu, which shares the block's code and texts (app/layouts/components/shop-header.tsx). */
const SETTLED_AFTER_MS = 5_000;

/**
 * The home page's notifications block, below its first screen (docs/architecture.md P2): its code and its
 * texts are not in the page's first download (docs/decisions/0028-light-first-paint.md, "later, not first").
 * They load as the block nears the screen, as the rows below the fold do, or once the page has settled,
 * whichever comes first; its data is the header's (the page's first data), so it paints complete. Until
 * then a placeholder of about its size holds its place.
 */
export function HomeNotificationsSlot() {
  const { ref, inView } = useInView<HTMLDivElement>();
  const settled = useIdle(SETTLED_AFTER_MS);
  const latest = useLatestNotifications(true);
  // The heading's line, then the list as HomeNotifications lays it out when each text takes one line: an
  // entry is 54 px (its text, its type and date, its padding), 1 px between entries and around the list;
  // with none, the 54 px "none" line.
  const shown = Math.min(latest.data?.data.length ?? 1, HOME_NOTIFICATIONS_SHOWN);
  const placeholder = (
    <div className="mb-8" aria-hidden="true">
      <div className="mb-3 h-7" />
      <div className="animate-pulse rounded-xl bg-slate-100" style={{ height: shown ? 55 * shown + 1 : 54 }} />
    </div>
  );
  return (
    <div ref={ref}>
      {inView || settled ? (
        <Suspense fallback={placeholder}>
          <HomeNotifications />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
