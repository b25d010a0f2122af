import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { FEED_EVENT, type FeedEventPayload } from '@rewards/shared/constants';
import { acquireRealtime, onRealtimeEvent } from '@/lib/socket';
import { hasItem, mergeNewest, replaceItem, type FeedData } from '../feed-cache';
import { feedQueryOptions, fetchFeedPage, FEED_PAGE_SIZE } from './get-feed';
import { recognitionQueryOptions } from './get-recognition';
import { peerKeys } from './keys';
import type { FeedFilters } from './types';

/**
 * While a feed (or a recognition's page: `filters` null) is shown, the realtime connection is open and each
 * `feed` event updates it without a reload: a recognition the feed shows is asked again and replaced (taken
 * out when the reader may no longer see it); one it does not show is new, so the newest page is asked and
 * what is newer than the feed goes on top (`mergeNewest`). The recognition's own page is asked again too,
 * and a new celebration refreshes the feed's "today's celebrations".
 */
export function useLiveFeed(filters: FeedFilters | null, limit = FEED_PAGE_SIZE) {
  const queryClient = useQueryClient();
  // The filters are read through their text: a new object with the same filters is the same feed.
  const filtersText = JSON.stringify(filters);
  useEffect(() => {
    const current = JSON.parse(filtersText) as FeedFilters | null;
    const release = acquireRealtime();
    const stop = onRealtimeEvent(FEED_EVENT, (payload) => {
      const id = (payload as FeedEventPayload | null)?.recognitionId;
      if (!Number.isInteger(id)) return;
      // A celebration was posted: /feed's "today's celebrations" is asked again (docs/architecture.md A6.17).
      if ((payload as FeedEventPayload).kind === 'celebration')
        void queryClient.invalidateQueries({ queryKey: peerKeys.feed({ kind: 'celebration' }) });
      void queryClient.invalidateQueries({ queryKey: peerKeys.recognition(id!) });
      // What the reader may still give changes with their own gives and add-ons, made elsewhere too.
      void queryClient.invalidateQueries({ queryKey: peerKeys.allowance });
      if (current) refreshFeed(current).catch(() => undefined);
      async function refreshFeed(feed: FeedFilters) {
        const key = feedQueryOptions(feed, limit).queryKey;
        if (hasItem(queryClient.getQueryData<FeedData>(key), id!)) {
          // Null: not visible any more, so out of the feed; a failure leaves it as it was.
          const item = await queryClient.fetchQuery({ ...recognitionQueryOptions(id!), staleTime: 0 });
          queryClient.setQueryData<FeedData>(key, (d) => replaceItem(d, id!, item));
        } else {
          const fresh = await fetchFeedPage(feed, limit, null);
          queryClient.setQueryData<FeedData>(key, (d) => mergeNewest(d, fresh));
        }
      }
    });
    return () => {
      stop();
      release();
    };
  }, [filtersText, limit, queryClient]);
}

/**
 * What changed before the live updates began (they begin once the page has settled, components/live-feed.tsx):
 * the feed's newest page is asked once and what is newer goes on top, what it shows refreshed; a recognition's
 * page is asked again.
 */
export async function catchUpFeed(
  queryClient: QueryClient,
  { filters, limit = FEED_PAGE_SIZE, recognitionId }: { filters: FeedFilters | null; limit?: number; recognitionId?: number },
) {
  if (recognitionId !== undefined) await queryClient.invalidateQueries({ queryKey: peerKeys.recognition(recognitionId) });
  if (!filters) return;
  const key = feedQueryOptions(filters, limit).queryKey;
  if (!queryClient.getQueryData<FeedData>(key)) return;
  const fresh = await fetchFeedPage(filters, limit, null);
  queryClient.setQueryData<FeedData>(key, (d) => mergeNewest(d, fresh));
}
