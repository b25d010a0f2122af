import { Link } from 'react-router';
import { CELEBRATIONS_STRIP_SIZE } from '@rewards/shared/pages';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { currentTimeZone, formatPoints } from '@/lib/format';
import { feedQueryOptions, useFeed } from '../api/get-feed';
import type { FeedFilters } from '../api/types';
import { celebrationIcons, celebrationText, postedToday } from '../rules';
import { openGive } from './give-launcher';
import { PersonAvatar } from './person-avatar';

/** The strip's query: the latest celebrations (the page keeps today's). */
export const CELEBRATION_FILTERS: FeedFilters = { kind: 'celebration' };
export const celebrationsStripQueryOptions = () => feedQueryOptions(CELEBRATION_FILTERS, CELEBRATIONS_STRIP_SIZE);

/**
 * /feed's "Today's celebrations" (docs/architecture.md A6.17): the celebrations posted on the reader's today,
 * a card each in a row that scrolls sideways on a phone, each linking to its item and with "Give points" for
 * that person. The row is as tall loading, empty, failed or full (it comes with the page's first data), so the
 * feed below never moves.
 */
export function CelebrationsStrip({ readerId, now = new Date() }: { readerId: number; now?: Date }) {
  const { t } = useTranslation('peer');
  const feed = useFeed(CELEBRATION_FILTERS, CELEBRATIONS_STRIP_SIZE);
  const today = postedToday(feed.items, now, currentTimeZone());
  return (
    <section className="mb-6" aria-labelledby="celebrations-today" data-testid="celebrations-today">
      <h2 id="celebrations-today" className="mb-2 text-base font-semibold text-slate-900">
        {t('celebration.today')}
      </h2>
      <div className="h-28">
        {feed.isPending ? (
          <div className="flex h-full gap-3 overflow-hidden" aria-busy="true">
            <span className="sr-only">{t('common:loading')}</span>
            {Array.from({ length: 3 }, (_, i) => (
              <span key={i} className="h-full w-64 shrink-0 animate-pulse rounded-xl bg-slate-100" />
            ))}
          </div>
        ) : feed.isError && today.length === 0 ? (
          <div className="flex h-full flex-wrap items-center gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4">
            <p role="alert" className="text-sm text-rose-900">
              {t('celebration.loadError')} {errorText(t, feed.error)}
            </p>
            <Button variant="secondary" className="py-1" onClick={() => void feed.refetch()} disabled={feed.isFetching}>
              {t('feed.retry')}
            </Button>
          </div>
        ) : today.length === 0 ? (
          <p
            className="flex h-full items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-4 text-center text-sm text-slate-600"
            data-testid="celebrations-today-empty"
          >
            {t('celebration.noneToday')}
          </p>
        ) : (
          <ul className="flex h-full snap-x gap-3 overflow-x-auto pb-1" aria-label={t('celebration.today')}>
            {today.map((item) => {
              const person = item.recipients[0];
              return (
                <li
                  key={item.id}
                  className="flex w-64 shrink-0 snap-start flex-col justify-between rounded-xl border border-amber-200 bg-amber-50 p-3"
                  data-testid="celebration-today"
                >
                  <Link
                    to={`/recognition/${item.id}`}
                    className="flex min-w-0 items-center gap-2 rounded-md hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <span className="text-xl" aria-hidden="true">
                      {celebrationIcons[item.kind]}
                    </span>
                    {person && <PersonAvatar person={person} />}
                    <span className="line-clamp-2 min-w-0 text-sm font-semibold text-slate-900">{celebrationText(t, item)}</span>
                  </Link>
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-xs font-medium text-amber-900">
                      {item.points > 0 ? t('celebration.points', { points: formatPoints(item.points) }) : ''}
                    </span>
                    {person && person.id !== readerId && (
                      <Button
                        variant="secondary"
                        className="px-2.5 py-1 text-xs"
                        onClick={() => openGive([person])}
                        aria-label={t('celebration.giveTo', { name: person.name })}
                      >
                        {t('celebration.give')}
                      </Button>
                    )}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
