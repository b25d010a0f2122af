import type { FeedFilters } from './types';

/** Query keys of peer recognition: every one starts with `peer`, so one invalidation refreshes them all. */
export const peerKeys = {
  all: ['peer'] as const,
  feeds: ['peer', 'feed'] as const,
  feed: (filters: FeedFilters) => ['peer', 'feed', filters] as const,
  recognition: (id: number) => ['peer', 'recognition', id] as const,
  allowance: ['peer', 'allowance'] as const,
  people: (q: string) => ['peer', 'people', q] as const,
  allValues: ['peer', 'values'] as const,
  /** A store's values (administration), or the reader's office's active ones (`null`). */
  values: (storeId: number | null) => ['peer', 'values', storeId] as const,
  giving: (storeId: number) => ['peer', 'giving', storeId] as const,
};
