import { describe, expect, it } from 'vitest';
import type { FeedPage, Recognition } from './api/types';
import { feedItems, hasItem, mergeNewest, reacted, replaceItem, toggleReaction, type FeedData } from './feed-cache';

const person = { id: 1, name: 'Ana', photoUrl: null, office: null };
const item = (id: number, over: Partial<Recognition> = {}): Recognition => ({
  id,
  kind: 'recognition',
  years: null,
  giver: person,
  recipients: [{ ...person, id: 2, name: 'Luis' }],
  points: 10,
  totalPoints: 10,
  message: `mensaje ${id}`,
  values: [],
  private: false,
  createdAt: '2026-11-27T10:00:00Z',
  comments: [],
  commentCount: 0,
  addons: [],
  reactions: [],
  ...over,
});
const page = (ids: number[], nextCursor: string | null): FeedPage => ({ data: ids.map((id) => item(id)), nextCursor });
const feed = (...pages: FeedPage[]): FeedData => ({ pages, pageParams: pages.map((_, i) => (i === 0 ? null : `c${i}`)) });
const ids = (data: FeedData | undefined) => feedItems(data).map((r) => r.id);

describe("the feed's pages", () => {
  it('lists every recognition once, in order, across pages', () => {
    expect(ids(feed(page([9, 8, 7], 'c1'), page([7, 6, 5], null)))).toEqual([9, 8, 7, 6, 5]);
    expect(ids(undefined)).toEqual([]);
  });

  it('puts what is newer on top and keeps the pages shown', () => {
    const data = feed(page([9, 8, 7], 'c1'), page([6, 5, 4], 'c2'));
    const merged = mergeNewest(data, page([11, 10, 9], 'x'));
    expect(ids(merged)).toEqual([11, 10, 9, 8, 7, 6, 5, 4]);
    // The next page is still asked with the cursor it had.
    expect(merged.pageParams).toEqual(data.pageParams);
    expect(merged.pages[1]!.nextCursor).toBe('c2');
  });

  it('refreshes what it shows from the newest page', () => {
    const data = feed(page([9, 8], 'c1'));
    const fresh: FeedPage = { data: [item(9, { commentCount: 4 }), item(8)], nextCursor: 'c1' };
    expect(feedItems(mergeNewest(data, fresh))[0]!.commentCount).toBe(4);
  });

  it('starts again from the newest page when it does not reach what is shown (a gap would be hidden)', () => {
    const merged = mergeNewest(feed(page([9, 8], 'c1')), page([30, 29, 28], 'c28'));
    expect(ids(merged)).toEqual([30, 29, 28]);
    expect(merged.pageParams).toEqual([null]);
  });

  it('takes the newest page as the feed when there was none, and joins a short feed', () => {
    expect(ids(mergeNewest(undefined, page([3, 2], null)))).toEqual([3, 2]);
    // The newest page is the whole feed (no next cursor): nothing can be missing.
    expect(ids(mergeNewest(feed(page([], null)), page([3, 2], null)))).toEqual([3, 2]);
  });

  it('replaces one recognition, or takes it out when it can no longer be seen', () => {
    const data = feed(page([9, 8], 'c1'), page([7], null));
    expect(feedItems(replaceItem(data, 7, item(7, { message: 'nuevo' })))[2]!.message).toBe('nuevo');
    expect(ids(replaceItem(data, 8, null))).toEqual([9, 7]);
    expect(hasItem(data, 7)).toBe(true);
    expect(hasItem(data, 1)).toBe(false);
  });
});

describe('reactions', () => {
  it("adds the reader's reaction, counts it, and takes it back", () => {
    const start = item(1, { reactions: [{ emoji: 'heart', count: 2, mine: false }] });
    const clapped = toggleReaction(start, 'clap');
    expect(clapped.reactions).toEqual([
      { emoji: 'clap', count: 1, mine: true },
      { emoji: 'heart', count: 2, mine: false },
    ]);
    expect(reacted(clapped, 'clap')).toBe(true);
    const hearted = toggleReaction(clapped, 'heart');
    expect(hearted.reactions[1]).toEqual({ emoji: 'heart', count: 3, mine: true });
    const back = toggleReaction(toggleReaction(hearted, 'heart'), 'clap');
    expect(back.reactions).toEqual([{ emoji: 'heart', count: 2, mine: false }]);
    expect(reacted(back, 'clap')).toBe(false);
    // The item it came from is left as it was (the cache puts it back on a failure).
    expect(start.reactions).toEqual([{ emoji: 'heart', count: 2, mine: false }]);
  });
});
