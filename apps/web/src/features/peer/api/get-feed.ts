import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FEED_PAGE_SIZE } from '@rewards/shared/pages';
import { api } from '@/lib/api';
import { feedItems } from '../feed-cache';
import { peerKeys } from './keys';
import type { FeedFilters, FeedPage } from './types';

export { FEED_PAGE_SIZE };

/**
 * `GET /api/recognitions?cursor=&limit=&valueId=&personId=&storeId=&direction=`: the company's
 * recognitions the reader may see, newest first, a page at a time ("load more" asks the next cursor).
 */
export const fetchFeedPage = (filters: FeedFilters, limit: number, cursor: string | null, signal?: AbortSignal) =>
  api<FeedPage>('/recognitions', { query: { ...filters, limit, cursor }, signal });

export const feedQueryOptions = (filters: FeedFilters = {}, limit = FEED_PAGE_SIZE) =>
  infiniteQueryOptions({
    queryKey: [...peerKeys.feed(filters), limit],
    queryFn: ({ pageParam, signal }) => fetchFeedPage(filters, limit, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 30_000,
  });

export function useFeed(filters: FeedFilters = {}, limit = FEED_PAGE_SIZE) {
  const query = useInfiniteQuery(feedQueryOptions(filters, limit));
  return { ...query, items: feedItems(query.data) };
}
