import type { ReactNode } from 'react';
import { OrderStatus } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';

/**
 * Each status its own colour and its own mark, so none is told by colour alone (docs/architecture.md A6.6):
 * pending amber with a clock, in progress sky, on the way indigo, completed green with a tick, canceled a
 * neutral grey with a red cross and its word struck through. Text on its background is 7:1 or more.
 */
const looks: Record<number, { badge: string; mark: string }> = {
  [OrderStatus.Pending]: { badge: 'border-amber-300 bg-amber-50 text-amber-900', mark: 'clock' },
  [OrderStatus.InProgress]: { badge: 'border-sky-300 bg-sky-50 text-sky-900', mark: 'dot' },
  [OrderStatus.OnTheWay]: { badge: 'border-indigo-300 bg-indigo-50 text-indigo-900', mark: 'arrow' },
  [OrderStatus.Completed]: { badge: 'border-emerald-300 bg-emerald-50 text-emerald-900', mark: 'tick' },
  [OrderStatus.Canceled]: { badge: 'border-slate-300 bg-slate-100 text-slate-700', mark: 'cross' },
};

const marks: Record<string, ReactNode> = {
  clock: (
    <>
      <circle cx="8" cy="8" r="5.5" />
      <path d="M8 5v3l2 1.5" />
    </>
  ),
  dot: <circle cx="8" cy="8" r="3" fill="currentColor" />,
  arrow: <path d="M3 8h9M9 4.5 12.5 8 9 11.5" />,
  tick: <path d="m3.5 8.5 3 3 6-7" />,
  cross: <path d="m4.5 4.5 7 7m0-7-7 7" className="text-rose-700" stroke="currentColor" />,
};

/** An order's status as a badge, worded in the reader's language. */
export function OrderStatusBadge({ status, testId = 'order-status' }: { status: number; testId?: string }) {
  const { t } = useTranslation();
  const look = looks[status] ?? looks[OrderStatus.Pending]!;
  const canceled = status === OrderStatus.Canceled;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold ${look.badge}`}
      data-testid={testId}
      data-status={status}
    >
      <svg
        viewBox="0 0 16 16"
        className="h-3.5 w-3.5 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.8}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
      >
        {marks[look.mark]}
      </svg>
      <span className={canceled ? 'line-through decoration-rose-700 decoration-2' : undefined}>
        {t(`orders.status.${status}`, { ns: 'common' })}
      </span>
    </span>
  );
}
