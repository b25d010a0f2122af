import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '@/lib/use-translation';

/** How far a press of an edge button scrolls: most of what is in view, so the next items come in. */
const PAGE_SHARE = 0.8;
/** Room kept beside the item brought into view, so the edge's fade and button never cover it. */
const EDGE_ROOM = 40;

/**
 * Focus moves by the arrow keys among `selector` inside the row (Home and End: the first and the last), as
 * in a tab list; answers the element now focused, or null when the key is not one of those.
 */
export function moveFocus(event: KeyboardEvent<HTMLElement>, selector: string): HTMLElement | null {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(selector)];
  const at = items.findIndex((el) => el === document.activeElement || el.contains(document.activeElement));
  const next = {
    ArrowRight: items[Math.min(at + 1, items.length - 1)],
    ArrowLeft: items[Math.max(at - 1, 0)],
    Home: items[0],
    End: items[items.length - 1],
  }[event.key];
  if (!next) return null;
  event.preventDefault();
  next.focus();
  return next;
}

/**
 * A row of tabs or links that scrolls sideways when it does not fit (the admin sections on a phone, a page's
 * tabs): where more lies hidden, that edge fades out and shows a button that scrolls on; the active item
 * (`aria-current` or `aria-selected`, named by `activeKey` so a change brings it in) is kept in view; the
 * arrow keys move between items (`onKeyDown`, with `moveFocus`). `tone` matches the bar it sits on.
 */
export function ScrollRow({
  as: Tag = 'div',
  activeKey,
  tone = 'light',
  className = '',
  rowClassName = '',
  onKeyDown,
  children,
  ...aria
}: {
  as?: 'div' | 'ul';
  activeKey?: string;
  tone?: 'light' | 'dark';
  className?: string;
  /** Classes of the scrolling row itself (its gap and padding). */
  rowClassName?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  children: ReactNode;
  role?: string;
  'aria-label'?: string;
}) {
  const { t } = useTranslation('common');
  const row = useRef<HTMLElement | null>(null);
  const [hidden, setHidden] = useState({ before: false, after: false });
  const firstView = useRef(true);

  const measure = useCallback(() => {
    const el = row.current;
    if (!el) return;
    // A pixel of slack: fractional widths never leave a fade over nothing.
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setHidden((h) => (h.before === before && h.after === after ? h : { before, after }));
  }, []);

  useEffect(() => {
    const el = row.current;
    if (!el) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  // The active item in view: at once when the row first shows, smoothly when it changes.
  useLayoutEffect(() => {
    const el = row.current;
    const active = el?.querySelector<HTMLElement>('[aria-current="page"], [aria-selected="true"]');
    if (!el || !active) return;
    const box = el.getBoundingClientRect();
    const item = active.getBoundingClientRect();
    let left = el.scrollLeft;
    if (item.left < box.left + EDGE_ROOM) left += item.left - box.left - EDGE_ROOM;
    else if (item.right > box.right - EDGE_ROOM) left += item.right - box.right + EDGE_ROOM;
    if (left !== el.scrollLeft) el.scrollTo?.({ left, behavior: firstView.current ? 'auto' : 'smooth' });
    firstView.current = false;
    measure();
  }, [activeKey, measure]);

  const page = (direction: 1 | -1) => {
    const el = row.current;
    el?.scrollBy?.({ left: direction * el.clientWidth * PAGE_SHARE, behavior: 'smooth' });
  };

  // The hidden side fades out (a mask, so it works on any background).
  const fade = `linear-gradient(to right, ${hidden.before ? 'transparent 0, #000 3rem' : '#000 0'}, ${hidden.after ? '#000 calc(100% - 3rem), transparent 100%' : '#000 100%'})`;
  const button =
    tone === 'dark'
      ? 'bg-indigo-900 text-white ring-1 ring-indigo-700 hover:bg-indigo-800'
      : 'bg-white text-slate-700 shadow ring-1 ring-slate-300 hover:bg-slate-50';
  const edge = (side: 'before' | 'after') =>
    hidden[side] && (
      // The keyboard moves by the arrow keys and assistive technology reaches every item: these are for a pointer.
      <button
        type="button"
        tabIndex={-1}
        aria-hidden="true"
        title={side === 'before' ? t('scroll.back') : t('scroll.forward')}
        onClick={() => page(side === 'before' ? -1 : 1)}
        className={`absolute top-1/2 z-10 grid h-7 w-7 -translate-y-1/2 place-items-center rounded-full ${side === 'before' ? 'left-0.5' : 'right-0.5'} ${button}`}
        data-testid={`scroll-${side}`}
      >
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d={side === 'before' ? 'm15 6-6 6 6 6' : 'm9 6 6 6-6 6'} />
        </svg>
      </button>
    );

  return (
    <div
      className={`relative ${className}`}
      data-scroll-hidden={[hidden.before && 'before', hidden.after && 'after'].filter(Boolean).join(' ') || 'none'}
    >
      <Tag
        ref={(el: HTMLElement | null) => {
          row.current = el;
        }}
        className={`flex [scrollbar-width:none] overflow-x-auto [&::-webkit-scrollbar]:hidden ${rowClassName}`}
        style={hidden.before || hidden.after ? { maskImage: fade, WebkitMaskImage: fade } : undefined}
        onScroll={measure}
        onKeyDown={onKeyDown}
        {...aria}
      >
        {children}
      </Tag>
      {edge('before')}
      {edge('after')}
    </div>
  );
}
