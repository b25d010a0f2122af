import type { Query, QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@rewards/shared/users';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { categoriesQueryOptions } from '@/features/categories/api/get-categories';
import { notificationsQueryOptions, LATEST_PAGE_SIZE } from '@/features/notifications/api/get-notifications';
import { storesQueryOptions } from '@/features/stores/api/get-stores';
import { headerCountsQueryOptions } from '@/features/users/api/get-header-counts';
import { answerFromPageDataOnly, NotPreloaded } from '@/lib/page-data';

export interface FirstDataContext {
  queryClient: QueryClient;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  user: SessionUser | null;
}

/**
 * What a page asks first, as its queries: a page module exports it as `firstData`. Its answers came with
 * the page's HTML (the server's table in apps/server/src/plugins/web-app.ts asks the same), so they go
 * into the cache before the first render and the page paints once, complete: no skeleton, nothing that
 * moves (docs/decisions/0026-page-first-data.md).
 */
export type FirstData = (c: FirstDataContext) => Promise<unknown>;

/** Longest the first render waits for the cache to be filled (it never waits for the network). */
const SEED_BUDGET_MS = 250;
/** How long an answer that came with the page counts as fresh: its page does not ask for it again on mounting. */
const FRESH_MS = 10_000;

const seeded = new WeakSet<Query>();

/** Whether `query` holds an answer that came with the page moments ago (app/providers.tsx: refetchOnMount). */
export function isFreshFirstData(query: Query): boolean {
  return seeded.has(query) && Date.now() - query.state.dataUpdatedAt < FRESH_MS;
}

/**
 * Fills the cache with the shell's and the page's first data, from the page's HTML only: a query whose
 * answer is not there is left for the page to ask, as it would without this.
 */
export async function seedFirstData(
  queryClient: QueryClient,
  page: { firstData?: FirstData; params: Record<string, string | undefined> } | undefined,
): Promise<void> {
  answerFromPageDataOnly(true);
  const seeding = (async () => {
    await queryClient.prefetchQuery(sessionQueryOptions());
    const user = queryClient.getQueryData<SessionUser | null>(sessionQueryOptions().queryKey) ?? null;
    await Promise.all([
      // The shell: the footer's stores; the header's categories, counts and latest notifications.
      queryClient.prefetchQuery(storesQueryOptions()),
      queryClient.prefetchQuery(categoriesQueryOptions(user?.storeId)),
      user && queryClient.prefetchQuery(headerCountsQueryOptions()),
      user && queryClient.prefetchQuery(notificationsQueryOptions({ page: 1, pageSize: LATEST_PAGE_SIZE })),
      page?.firstData?.({ queryClient, params: page.params, search: new URLSearchParams(location.search), user }),
    ]);
  })().catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([seeding, new Promise((resolve) => (timer = setTimeout(resolve, SEED_BUDGET_MS)))]);
  clearTimeout(timer);
  answerFromPageDataOnly(false);
  // What was not in the page is asked by the page itself, as a query that never ran.
  queryClient.removeQueries({ predicate: (q) => q.state.error instanceof NotPreloaded });
  for (const q of queryClient.getQueryCache().getAll()) if (q.state.status === 'success') seeded.add(q);
}
