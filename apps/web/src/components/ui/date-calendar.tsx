import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useLanguage } from './localized';

const locales = { es: 'es-MX', en: 'en-US' } as const;
const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const fromIso = (s: string) => new Date(`${s}T00:00:00Z`);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);
function addMonths(d: Date, n: number): Date {
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d.getUTCDate(), last)));
}
function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The month grid of `DateInput`, in the chosen language (month and weekday names from Intl; weeks start on
 * Monday in Spanish, Sunday in English). WAI-ARIA date picker dialog: the focused day moves with the
 * arrows (a day, a week), Page Up/Down (a month), Home/End (the week's ends); Enter or a click chooses;
 * Escape or a click outside closes. Days outside `min`..`max` cannot be chosen.
 */
export function DateCalendar({
  value,
  min,
  max,
  onChoose,
  onClose,
  within,
}: {
  value: string;
  min?: string;
  max?: string;
  onChoose: (day: string) => void;
  /** `false`: closed by a press elsewhere, which takes the focus itself. */
  onClose: (refocus?: boolean) => void;
  /** The field with its button: a press outside it closes the grid. */
  within: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('controls');
  const lang = useLanguage();
  const locale = locales[lang];
  const weekStart = lang === 'es' ? 1 : 0;
  const clamp = (day: string) => (min && day < min ? min : max && day > max ? max : day);
  const [focused, setFocused] = useState(() => clamp(value || todayIso()));
  const grid = useRef<HTMLTableElement>(null);
  useEffect(() => {
    const outside = (e: MouseEvent) => {
      if (!within.current?.contains(e.target as Node)) onClose(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [within, onClose]);

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const focusedDate = fromIso(focused);
  const first = new Date(Date.UTC(focusedDate.getUTCFullYear(), focusedDate.getUTCMonth(), 1));
  const start = addDays(first, -((first.getUTCDay() - weekStart + 7) % 7));
  const weeks = Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)));
  const title = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(first);
  const weekday = (style: 'short' | 'long', d: Date) => new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(d);
  const full = new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeZone: 'UTC' });
  const allowed = (day: string) => !(min && day < min) && !(max && day > max);

  function onKey(e: KeyboardEvent) {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(focusedDate, -1),
      ArrowRight: () => addDays(focusedDate, 1),
      ArrowUp: () => addDays(focusedDate, -7),
      ArrowDown: () => addDays(focusedDate, 7),
      PageUp: () => addMonths(focusedDate, -1),
      PageDown: () => addMonths(focusedDate, 1),
      Home: () => addDays(focusedDate, -((focusedDate.getUTCDay() - weekStart + 7) % 7)),
      End: () => addDays(focusedDate, 6 - ((focusedDate.getUTCDay() - weekStart + 7) % 7)),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    setFocused(clamp(iso(move())));
  }

  const nav = (label: string, months: number, text: string) => (
    <button
      type="button"
      aria-label={label}
      onClick={() => setFocused(clamp(iso(addMonths(focusedDate, months))))}
      className="rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {text}
    </button>
  );

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-label={t('dates.calendar')}
      lang={lang}
      className="absolute left-0 top-full z-40 mt-1 w-72 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-lg"
      data-testid="date-calendar"
      onKeyDown={(e) => {
        // Escape closes the grid only, not a dialog the form is in.
        if (e.key !== 'Escape') return;
        e.preventDefault();
        e.stopPropagation();
        onClose();
      }}
    >
      <div className="mb-2 flex items-center justify-between">
        {nav(t('dates.previousMonth'), -1, '‹')}
        <p className="font-semibold capitalize text-slate-900" aria-live="polite">
          {title}
        </p>
        {nav(t('dates.nextMonth'), 1, '›')}
      </div>
      <table ref={grid} className="w-full table-fixed text-center" role="grid" aria-label={title} onKeyDown={onKey}>
        <thead>
          <tr>
            {weeks[0]!.map((d) => (
              <th key={iso(d)} scope="col" abbr={weekday('long', d)} className="pb-1 text-xs font-medium text-slate-500">
                {weekday('short', d).slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={iso(week[0]!)}>
              {week.map((d) => {
                const day = iso(d);
                const inMonth = d.getUTCMonth() === first.getUTCMonth();
                const selected = day === value;
                return (
                  <td key={day} className="p-0.5">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      disabled={!allowed(day)}
                      aria-pressed={selected}
                      aria-label={full.format(d)}
                      onClick={() => onChoose(day)}
                      className={`h-8 w-8 rounded-md tabular-nums focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:text-slate-300 ${
                        selected
                          ? 'bg-indigo-700 text-white'
                          : inMonth
                            ? 'text-slate-900 hover:bg-indigo-50'
                            : 'text-slate-400 hover:bg-slate-50'
                      }`}
                    >
                      {d.getUTCDate()}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="mt-2 flex justify-end">
        <button
          type="button"
          onClick={() => onClose()}
          className="rounded-md px-2 py-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {t('dates.close')}
        </button>
      </div>
    </div>
  );
}
