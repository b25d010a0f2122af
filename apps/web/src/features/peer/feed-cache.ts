import type { InfiniteData } from '@tanstack/react-query';
import { peerReactions } from '@rewards/shared/peer-rules';
import type { FeedPage, ReactionKey, Recognition } from './api/types';

/** The feed as TanStack Query keeps it: its pages, each with the cursor it was asked with. */
export type FeedData = InfiniteData<FeedPage, string | null>;

/** Every recognition of the feed, in order, each once (a page asked after items were added may repeat one). */
export function feedItems(data: { pages: FeedPage[] } | undefined): Recognition[] {
  const seen = new Set<number>();
  const items: Recognition[] = [];
  for (const page of data?.pages ?? [])
    for (const item of page.data) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  return items;
}

/**
 * The feed with its newest page as the server answers it now: what is newer than everything shown goes on
 * top, and what is shown is refreshed from it. When that page does not reach what is shown (more new items
 * than a page), the shown pages cannot be joined to it without a gap: the feed starts again from it.
 */
export function mergeNewest(data: FeedData | undefined, fresh: FeedPage): FeedData {
  if (!data || data.pages.length === 0) return { pages: [fresh], pageParams: [null] };
  const shown = new Map(feedItems(data).map((r) => [r.id, r]));
  const top = Math.max(...shown.keys(), 0);
  const reaches = fresh.nextCursor === null || fresh.data.some((r) => shown.has(r.id) || r.id <= top);
  if (!reaches) return { pages: [fresh], pageParams: [null] };
  const added = fresh.data.filter((r) => r.id > top);
  const current = new Map(fresh.data.map((r) => [r.id, r]));
  const pages = data.pages.map((page, i) => ({
    ...page,
    data: [...(i === 0 ? added : []), ...page.data.map((r) => current.get(r.id) ?? r)],
  }));
  return { ...data, pages };
}

/** The feed with one recognition replaced (fresh from the server), or taken out (`null`: no longer visible). */
export function replaceItem(data: FeedData | undefined, id: number, item: Recognition | null): FeedData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: item ? page.data.map((r) => (r.id === id ? item : r)) : page.data.filter((r) => r.id !== id),
    })),
  };
}

/** Whether the feed shows this recognition. */
export function hasItem(data: FeedData | undefined, id: number): boolean {
  return !!data?.pages.some((page) => page.data.some((r) => r.id === id));
}

/**
 * A recognition with the reader's reaction `emoji` switched: added (count + 1, mine) or taken back
 * (count - 1; gone at 0). The reactions stay in the fixed order of the keys.
 */
export function toggleReaction(item: Recognition, emoji: ReactionKey): Recognition {
  const current = item.reactions.find((r) => r.emoji === emoji);
  const others = item.reactions.filter((r) => r.emoji !== emoji);
  const next = current?.mine
    ? current.count > 1
      ? [...others, { emoji, count: current.count - 1, mine: false }]
      : others
    : [...others, { emoji, count: (current?.count ?? 0) + 1, mine: true }];
  next.sort((a, b) => peerReactions.indexOf(a.emoji) - peerReactions.indexOf(b.emoji));
  return { ...item, reactions: next };
}

/** Whether the reader has reacted with `emoji` (PUT to add, DELETE to take back). */
export const reacted = (item: Recognition, emoji: ReactionKey) => item.reactions.some((r) => r.emoji === emoji && r.mine);
