import { lazy, Suspense } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { useIdle } from '@/lib/use-idle';
import { useInView } from '@/lib/use-in-view';
import { useOwnCelebrations } from '../api/own-celebrations';

const CelebrationsForm = lazy(() => import('./celebrations-choices').then((m) => ({ default: m.CelebrationsForm })));

/** As the profile's recognitions below it (docs/decisions/0028-light-first-paint.md, "later, not first"). */
const SETTLED_AFTER_MS = 5_000;

/**
 * /myProfile's "Celebrations" (docs/architecture.md A6.17): the reader's birthday (a month and a day, never a
 * year), their hire date as the administrators set it, and per kind (birthday, work anniversary, welcome)
 * whether it is celebrated in the feed, only to them, not at all, or as their store's default (which it says).
 * Its data comes with the page's first data; the form's code loads as the section nears the screen or once the
 * page has settled, and its place is as tall meanwhile as loaded.
 */
export function CelebrationsSection() {
  const { t } = useTranslation('profile');
  const own = useOwnCelebrations();
  const { ref, inView } = useInView<HTMLElement>();
  const settled = useIdle(SETTLED_AFTER_MS);
  const placeholder = (
    <div className="h-[34rem] animate-pulse rounded-xl bg-slate-100" aria-busy="true">
      <span className="sr-only">{t('common:loading')}</span>
    </div>
  );
  return (
    <section
      ref={ref}
      className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      aria-labelledby="celebrations-title"
      data-testid="celebrations-section"
    >
      <h2 id="celebrations-title" className="text-lg font-semibold text-slate-900">
        {t('celebrations.title')}
      </h2>
      <p className="mt-1 mb-5 text-sm text-slate-600">{t('celebrations.help')}</p>
      {own.isError ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="alert" className="text-sm text-rose-700">
            {t('celebrations.loadError')} {errorText(t, own.error)}
          </p>
          <Button variant="secondary" onClick={() => void own.refetch()} disabled={own.isFetching}>
            {t('page.retry')}
          </Button>
        </div>
      ) : own.data && (inView || settled) ? (
        <Suspense fallback={placeholder}>
          <CelebrationsForm key={JSON.stringify(own.data)} own={own.data} />
        </Suspense>
      ) : (
        placeholder
      )}
    </section>
  );
}
