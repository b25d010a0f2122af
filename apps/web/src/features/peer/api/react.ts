import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ownErrors } from '@/lib/error-text';
import { reacted, toggleReaction, type FeedData } from '../feed-cache';
import { peerKeys } from './keys';
import type { ReactionKey, Recognition } from './types';

/** Applies `change` to the recognition wherever the cache holds it: its page and every feed. */
function updateEverywhere(queryClient: QueryClient, id: number, change: (r: Recognition) => Recognition) {
  queryClient.setQueryData<Recognition>(peerKeys.recognition(id), (r) => (r ? change(r) : r));
  queryClient.setQueriesData<FeedData>({ queryKey: peerKeys.feeds }, (data) =>
    data ? { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.map((r) => (r.id === id ? change(r) : r)) })) } : data,
  );
}

/**
 * `PUT /api/recognitions/{id}/reactions/{emoji}` to react, `DELETE` to take it back (both idempotent).
 * The count and the highlight change at once; a failure puts them back and the caller shows why.
 */
export function useToggleReaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, emoji }: { item: Recognition; emoji: ReactionKey }) =>
      api<void>(`/recognitions/${item.id}/reactions/${emoji}`, { method: reacted(item, emoji) ? 'DELETE' : 'PUT' }),
    onMutate: async ({ item, emoji }) => {
      await queryClient.cancelQueries({ queryKey: peerKeys.all });
      updateEverywhere(queryClient, item.id, (r) => toggleReaction(r, emoji));
    },
    onError: (_error, { item }) => updateEverywhere(queryClient, item.id, () => item),
    meta: ownErrors,
  });
}
