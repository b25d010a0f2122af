import { lazy, Suspense } from 'react';
import { useIdle } from '@/lib/use-idle';
import { useInView } from '@/lib/use-in-view';
import type { Giver } from '../api/types';
import { HOME_RECOGNITION_ROW_PX, HOME_RECOGNITIONS_SHOWN } from './home-layout';

const HomeRecognitions = lazy(() => import('./home-recognitions').then((m) => ({ default: m.HomeRecognitions })));

/** As the notifications block beside it. */
const SETTLED_AFTER_MS = 5_000;

/**
 * The home page's "Recent recognitions" block for someone signed in, below its first screen: its code, its
 * texts and its data are not in the page's first download (docs/decisions/0028-light-first-paint.md, "later,
 * not first"; as the notifications block, docs/decisions/0045-first-visit.md). They load as the block nears
 * the screen or once the page has settled; until then a placeholder of its size holds its place.
 */
export function HomeRecognitionsSlot({ reader }: { reader: Giver }) {
  const { ref, inView } = useInView<HTMLDivElement>();
  const settled = useIdle(SETTLED_AFTER_MS);
  // The block as HomeRecognitions lays it out: its heading's line, then five rows and their borders.
  const placeholder = (
    <div className="mb-8" aria-hidden="true">
      <div className="mb-3 h-9" />
      <div
        className="animate-pulse rounded-xl bg-slate-100"
        style={{ height: HOME_RECOGNITIONS_SHOWN * (HOME_RECOGNITION_ROW_PX + 1) + 1 }}
      />
    </div>
  );
  return (
    <div ref={ref}>
      {inView || settled ? (
        <Suspense fallback={placeholder}>
          <HomeRecognitions reader={reader} />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
