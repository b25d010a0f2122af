import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useIdle } from '@/lib/use-idle';
import type { FeedFilters } from '../api/types';

/**
 * How long after the page has loaded and the browser has been idle the live updates begin: as the header's
 * notifications menu, which opens the same realtime connection (docs/decisions/0028-light-first-paint.md).
 */
const LIVE_AFTER_MS = 5_000;

interface Props {
  /** The feed kept live; null on a recognition's page. */
  filters: FeedFilters | null;
  limit?: number;
  /** The recognition a page shows, asked again when the updates begin. */
  recognitionId?: number;
}

// The live updates and the realtime client are not part of a page's first download: they load once the page
// has settled, and then catch up with what changed meanwhile.
const Updates = lazy(() =>
  import('../api/use-live-feed').then(({ catchUpFeed, useLiveFeed }) => ({
    default: function LiveFeedUpdates({ filters, limit, recognitionId }: Props) {
      const queryClient = useQueryClient();
      useLiveFeed(filters, limit);
      // Once, with what the page showed when the updates began: later changes come as events.
      const [begun] = useState(() => ({ filters, limit, recognitionId }));
      useEffect(() => {
        catchUpFeed(queryClient, begun).catch(() => undefined);
      }, [queryClient, begun]);
      return null;
    },
  })),
);

/** Keeps a feed (or a recognition's page) live by the realtime `feed` events, from once the page has settled. */
export function LiveFeed(props: Props) {
  const settled = useIdle(LIVE_AFTER_MS);
  return settled ? (
    <Suspense fallback={null}>
      <Updates {...props} />
    </Suspense>
  ) : null;
}
