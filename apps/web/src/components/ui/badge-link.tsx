import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A header icon link with an optional count badge; the label is read by screen readers. */
export function BadgeLink({ to, label, count, children }: { to: string; label: string; count?: number; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
      aria-label={count ? `${label} (${count})` : label}
      title={label}
    >
      {children}
      {count ? (
        <span
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-rose-600 px-1 text-center text-[11px] font-semibold leading-5 text-white"
          data-testid={`badge-${to.replace(/\W/g, '')}`}
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
