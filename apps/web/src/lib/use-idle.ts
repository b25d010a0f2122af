import { useEffect, useState } from 'react';

/**
 * True once the page has loaded, the browser has been idle and `afterMs` more have passed: for what a
 * page does not need in its first seconds (a menu's dropdown, the realtime connection), so it neither
 * adds to the page's first bytes nor competes with the reader's first taps (docs/decisions/0028-light-first-paint.md).
 */
export function useIdle(afterMs: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let handle: number | undefined;
    const wait = () => {
      const later = () => (timer = setTimeout(() => setIdle(true), afterMs));
      if (typeof requestIdleCallback === 'function') handle = requestIdleCallback(later, { timeout: 2_000 });
      else later();
    };
    if (document.readyState === 'complete') wait();
    else addEventListener('load', wait, { once: true });
    return () => {
      removeEventListener('load', wait);
      clearTimeout(timer);
      if (handle !== undefined) cancelIdleCallback(handle);
    };
  }, [afterMs]);
  return idle;
}
