import { lazy, Suspense } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { formatDate, formatPoints } from '@/lib/format';
import { useAllowance } from '../api/get-allowance';
import type { Giver } from '../api/types';
import { nextDay } from '../dates';
import { closeGive, openGive, useGiveRequest } from './give-launcher';

/** The dialog's code, its form and its texts load when it first opens (or when the button is neared). */
const loadDialog = () => import('./give-dialog');
const GiveDialog = lazy(() => loadDialog().then((m) => ({ default: m.GiveDialog })));

/**
 * The header's "Recognize" button for someone signed in, with what they may still give this period (from sm
 * up; on a phone its icon alone) and, in its name and title, when that renews. Its width is kept while the
 * allowance loads (it comes with the page's first data), so nothing moves.
 * The dialog it opens is the page's one (GiveDialogHost), which a person in the feed opens too (`openGive`).
 */
export function GiveButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const allowance = useAllowance();
  const a = allowance.data;
  const title = a
    ? t('give.allowanceTitle', { points: formatPoints(a.remaining), date: formatDate(nextDay(a.periodEnd), 'medium') })
    : t('give.label');
  return (
    <button
      type="button"
      onClick={() => openGive()}
      onPointerEnter={() => void loadDialog()}
      onFocus={() => void loadDialog()}
      title={title}
      aria-label={a ? `${t('give.label')}. ${title}` : t('give.label')}
      className={`inline-flex h-9 w-9 shrink-0 items-center justify-center gap-1 rounded-full bg-indigo-700 text-sm font-semibold text-white hover:bg-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 sm:h-auto sm:w-auto sm:px-2.5 sm:py-1.5 ${className}`}
      data-testid="give-button"
    >
      <HandIcon />
      <span className="hidden 2xl:inline">{t('give.label')}</span>
      <span className="hidden min-w-[2ch] text-right tabular-nums sm:inline-block" data-testid="give-allowance">
        {a ? formatPoints(a.remaining) : ''}
      </span>
    </button>
  );
}

/** The page's give dialog, once, in the header: loaded when it first opens. */
export function GiveDialogHost({ giver }: { giver: Giver }) {
  const request = useGiveRequest();
  return request ? (
    <Suspense fallback={null}>
      <GiveDialog key={request.id} giver={giver} initial={request.recipients} onClose={closeGive} />
    </Suspense>
  ) : null;
}

function HandIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M12 21s-7-4.3-7-9.5A3.5 3.5 0 0 1 12 9a3.5 3.5 0 0 1 7 2.5c0 5.2-7 9.5-7 9.5z" />
      <path d="M12 3v2M5.6 5.6l1.4 1.4M18.4 5.6 17 7" />
    </svg>
  );
}
