import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';

/**
 * Time left until `to`, ticking every second on the server's clock (`serverNow` is the server's time
 * when the page was read, so a wrong clock on this computer does not move the deadline). Calls `onDone`
 * once when it reaches zero.
 */
export function Countdown({ to, serverNow, onDone }: { to: string; serverNow: string; onDone?: () => void }) {
  const { t } = useTranslation('challenges');
  const [offset] = useState(() => Date.parse(serverNow) - Date.now());
  const [now, setNow] = useState(() => Date.now() + offset);
  const done = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  const left = Math.max(0, Date.parse(to) - now);
  useEffect(() => {
    if (left === 0 && !done.current) {
      done.current = true;
      onDone?.();
    }
  }, [left, onDone]);
  const seconds = Math.floor(left / 1000);
  const parts = {
    days: Math.floor(seconds / 86_400),
    hours: String(Math.floor((seconds % 86_400) / 3600)).padStart(2, '0'),
    minutes: String(Math.floor((seconds % 3600) / 60)).padStart(2, '0'),
    seconds: String(seconds % 60).padStart(2, '0'),
  };
  return (
    <span className="font-mono tabular-nums" data-testid="countdown" role="timer" aria-live="off">
      {parts.days > 0 ? t('countdown.withDays', parts) : t('countdown.time', parts)}
    </span>
  );
}
