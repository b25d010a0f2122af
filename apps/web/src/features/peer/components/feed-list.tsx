import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { useFeed } from '../api/get-feed';
import type { FeedFilters } from '../api/types';
import { LiveFeed } from './live-feed';
import { RecognitionCard, RecognitionSkeleton } from './recognition-card';

/**
 * A list of recognitions, newest first, with "load more" (the next cursor), kept live by the realtime
 * `feed` events once the page has settled (live-feed.tsx); skeletons of the cards' frame while the first
 * page loads, an empty state and errors with a retry. `empty` says what an empty list means where it is shown.
 */
export function FeedList({ filters, readerId, empty }: { filters: FeedFilters; readerId: number; empty: string }) {
  // In the same place whatever the list shows, so that it starts once.
  return (
    <>
      <LiveFeed filters={filters} />
      <FeedItems filters={filters} readerId={readerId} empty={empty} />
    </>
  );
}

function FeedItems({ filters, readerId, empty }: { filters: FeedFilters; readerId: number; empty: string }) {
  const { t } = useTranslation('peer');
  const feed = useFeed(filters);
  if (feed.isPending)
    return (
      <div className="space-y-4" aria-busy="true">
        <span className="sr-only">{t('common:loading')}</span>
        {Array.from({ length: 3 }, (_, i) => (
          <RecognitionSkeleton key={i} />
        ))}
      </div>
    );
  // A page after the first that failed keeps what is shown, its error above the button.
  if (feed.isError && !feed.data)
    return (
      <div className="rounded-xl border border-rose-200 bg-rose-50 p-4" data-testid="feed-error">
        <p role="alert" className="text-sm text-rose-900">
          {t('feed.loadError')} {errorText(t, feed.error)}
        </p>
        <Button variant="secondary" className="mt-3" onClick={() => void feed.refetch()} disabled={feed.isFetching}>
          {t('feed.retry')}
        </Button>
      </div>
    );
  if (feed.items.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600" data-testid="feed-empty">
        {empty}
      </p>
    );
  return (
    <div>
      <ol className="space-y-4" data-testid="feed">
        {feed.items.map((item) => (
          <li key={item.id}>
            <RecognitionCard item={item} readerId={readerId} />
          </li>
        ))}
      </ol>
      <div className="mt-6 flex min-h-10 flex-col items-center gap-2">
        {feed.isFetchNextPageError && (
          <p role="alert" className="text-sm text-rose-700">
            {errorText(t, feed.error as unknown)}
          </p>
        )}
        {feed.hasNextPage ? (
          <Button variant="secondary" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage} data-testid="feed-more">
            {feed.isFetchingNextPage ? t('common:loading') : t('feed.more')}
          </Button>
        ) : (
          <p className="text-sm text-slate-500">{t('feed.end')}</p>
        )}
      </div>
    </div>
  );
}
