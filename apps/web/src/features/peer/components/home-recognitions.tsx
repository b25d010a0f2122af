import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatPoints } from '@/lib/format';
import { useFeed } from '../api/get-feed';
import type { Giver } from '../api/types';
import { useLiveFeed } from '../api/use-live-feed';
import { celebrationIcons, celebrationText } from '../rules';
import { openGive } from './give-launcher';
import { HOME_RECOGNITION_ROW_PX, HOME_RECOGNITIONS_SHOWN } from './home-layout';
import { PersonAvatar } from './person-avatar';

/**
 * The home page's "Recent recognitions" (docs/architecture.md P2): the latest five of the feed, one line each
 * (who to whom, the points, the message cut to a line), a link to the feed and the give button; live.
 */
export function HomeRecognitions({ reader }: { reader: Giver }) {
  const { t } = useTranslation('peer');
  const filters = {};
  const feed = useFeed(filters, HOME_RECOGNITIONS_SHOWN);
  useLiveFeed(filters, HOME_RECOGNITIONS_SHOWN);
  const items = feed.items.slice(0, HOME_RECOGNITIONS_SHOWN);
  const rows = feed.isPending ? HOME_RECOGNITIONS_SHOWN : Math.max(items.length, 1);
  return (
    <section className="mb-8" aria-labelledby="home-recognitions" data-testid="home-recognitions">
      <div className="mb-3 flex h-9 items-center justify-between gap-3">
        <h2 id="home-recognitions" className="text-lg font-semibold">
          {t('home.title')}
        </h2>
        <div className="flex items-center gap-3">
          <Link to="/feed" className="text-sm font-medium text-indigo-700 hover:underline">
            {t('home.seeAll')}
          </Link>
          <Button className="px-3 py-1.5" onClick={() => openGive()} data-testid="home-give">
            {t('feed.give')}
          </Button>
        </div>
      </div>
      <div style={{ minHeight: rows * (HOME_RECOGNITION_ROW_PX + 1) + 1 }} className="rounded-xl border border-slate-200 bg-white">
        {feed.isPending ? (
          <div
            className="h-full animate-pulse rounded-xl bg-slate-100"
            style={{ height: rows * (HOME_RECOGNITION_ROW_PX + 1) }}
            aria-busy="true"
          />
        ) : feed.isError ? (
          <p className="p-4 text-sm text-rose-700">{t('feed.loadError')}</p>
        ) : items.length === 0 ? (
          <p className="p-4 text-sm text-slate-600">{t('home.empty')}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {items.map((r) => (
              <li key={r.id} style={{ height: HOME_RECOGNITION_ROW_PX }}>
                <Link to={`/recognition/${r.id}`} className="flex h-full items-center gap-3 px-4 hover:bg-slate-50">
                  {r.giver ? (
                    <PersonAvatar person={r.giver} />
                  ) : (
                    <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-amber-100" aria-hidden="true">
                      {celebrationIcons[r.kind]}
                    </span>
                  )}
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium text-slate-900">
                      {r.giver
                        ? t('home.line', {
                            giver: r.giver.id === reader.id ? t('home.you') : r.giver.name,
                            names: r.recipients.map((p) => (p.id === reader.id ? t('home.you') : p.name)).join(', '),
                          })
                        : celebrationText(t, r)}
                    </span>
                    <span className="block truncate text-xs text-slate-600">{r.message}</span>
                  </span>
                  <span className="shrink-0 text-right">
                    <span className="block text-sm font-semibold text-amber-800">+{formatPoints(r.points)}</span>
                    <span className="hidden text-xs text-slate-500 sm:block">{formatDateTime(r.createdAt)}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
