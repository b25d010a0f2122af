import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { feedQueryOptions } from '@/features/peer/api/get-feed';
import type { FeedFilters } from '@/features/peer/api/types';
import { FeedFilterBar } from '@/features/peer/components/feed-filters';
import { FeedList } from '@/features/peer/components/feed-list';
import { feedFiltersOf, feedSearchOf } from '@/features/peer/filters';
import { openGive } from '@/features/peer/components/give-launcher';
import { CelebrationsStrip, celebrationsStripQueryOptions } from '@/features/peer/components/celebrations-strip';
import { useGiveFromAddress } from '@/features/peer/components/give-from-address';
import { useStores } from '@/features/stores/api/get-stores';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import type { FirstData } from '../first-data';

/** The first page of the feed with the address's filters, and today's celebrations: they paint with the page. */
export const firstData: FirstData = async ({ queryClient, user, search }) =>
  user &&
  Promise.all([
    queryClient.prefetchInfiniteQuery(feedQueryOptions(feedFiltersOf(search))),
    queryClient.prefetchInfiniteQuery(celebrationsStripQueryOptions()),
  ]);

/**
 * /feed: today's celebrations, then the company's recognitions, newest first, live; filters by value, person
 * and office in the address; `?give={userId}` opens the give dialog for that person (docs/architecture.md A6.17).
 */
export default function FeedPage() {
  const { t } = useTranslation('peer');
  const session = useSession();
  const stores = useStores();
  const [search, setSearch] = useSearchParams();
  const filters = feedFiltersOf(search);
  const [personName, setPersonName] = useState<string | undefined>();
  const user = session.data;
  useGiveFromAddress(user?.id);
  function change(next: FeedFilters, name?: string) {
    setPersonName(name);
    setSearch(feedSearchOf(next), { replace: true });
  }
  return (
    <Page
      title={t('feed.title')}
      actions={
        <Button onClick={() => openGive()} data-testid="feed-give">
          {t('feed.give')}
        </Button>
      }
    >
      {user && (
        <div className="mx-auto max-w-3xl">
          <CelebrationsStrip readerId={user.id} />
          <FeedFilterBar
            filters={filters}
            personName={personName}
            offices={(stores.data?.data ?? []).map((s) => ({ id: s.id, title: s.title }))}
            onChange={change}
          />
          <FeedList filters={filters} readerId={user.id} empty={Object.keys(filters).length ? t('feed.emptyFiltered') : t('feed.empty')} />
        </div>
      )}
    </Page>
  );
}
