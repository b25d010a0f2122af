import type { Query, QueryClient } from '@tanstack/react-query';
import { LATEST_NOTIFICATIONS_PAGE_SIZE, type AppPage } from '@rewards/shared/pages';
import type { SessionUser } from '@rewards/shared/users';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { categoriesQueryOptions } from '@/features/categories/api/get-categories';
import { notificationsQueryOptions } from '@/features/notifications/api/get-notifications';
import { allowanceQueryOptions } from '@/features/peer/api/get-allowance';
import { storesQueryOptions } from '@/features/stores/api/get-stores';
import { headerCountsQueryOptions } from '@/features/users/api/get-header-counts';
import i18n from '@/lib/i18n';
import { answerFromPageDataOnly, NotPreloaded, pageTexts } from '@/lib/page-data';

export interface FirstDataContext {
  queryClient: QueryClient;
  params: Record<string, string | undefined>;
  search: URLSearchParams;
  user: SessionUser | null;
}

/**
 * What a page asks first, as its queries: a page module exports it as `firstData`. Its answers came with
 * the page's HTML (the server asks what packages/shared/src/page-requests.ts says; first-data.test.ts
 * checks each page asks the same), so they go into the cache before the first render and the page paints
 * once, complete: no skeleton, nothing that moves (docs/decisions/0026-page-first-data.md).
 */
export type FirstData = (c: FirstDataContext) => Promise<unknown>;

/** Longest the first render waits for the cache to be filled (it never waits for the network). */
const SEED_BUDGET_MS = 250;
/** How long an answer that came with the page counts as fresh: its page does not ask for it again on mounting. */
const FRESH_MS = 10_000;

const seeded = new WeakSet<Query>();

/**
 * Whether `query` holds an answer that came with the page moments ago (app/providers.tsx: refetchOnMount),
 * and nothing made it stale since (a live notification, a write): an invalidated one is asked again.
 */
export function isFreshFirstData(query: Query): boolean {
  return seeded.has(query) && !query.state.isInvalidated && Date.now() - query.state.dataUpdatedAt < FRESH_MS;
}

/**
 * Fills the cache with the shell's and the page's first data, from the page's HTML only: a query whose
 * answer is not there is left for the page to ask, as it would without this. The page's texts (those its
 * HTML names) load meanwhile.
 */
export async function seedFirstData(
  queryClient: QueryClient,
  page: { page: AppPage; firstData?: FirstData; params: Record<string, string | undefined> } | undefined,
): Promise<void> {
  answerFromPageDataOnly(true);
  const texts = i18n.loadNamespaces(pageTexts());
  const seeding = (async () => {
    await queryClient.prefetchQuery(sessionQueryOptions());
    const user = queryClient.getQueryData<SessionUser | null>(sessionQueryOptions().queryKey) ?? null;
    const search = new URLSearchParams(location.search);
    const shop = page?.page.area !== 'admin';
    await Promise.all([
      // The shell: the footer's stores (the admin frame's store picker); the shop header's categories,
      // counts, latest notifications and giving allowance.
      queryClient.prefetchQuery(storesQueryOptions()),
      shop && queryClient.prefetchQuery(categoriesQueryOptions(user?.storeId)),
      shop && user && queryClient.prefetchQuery(headerCountsQueryOptions()),
      shop && user && queryClient.prefetchQuery(notificationsQueryOptions({ page: 1, pageSize: LATEST_NOTIFICATIONS_PAGE_SIZE })),
      shop && user && queryClient.prefetchQuery(allowanceQueryOptions()),
      texts,
      page?.firstData?.({ queryClient, params: page.params, search, user }),
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
