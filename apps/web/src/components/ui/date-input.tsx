import { lazy, Suspense, useCallback, useEffect, useRef, useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { useLanguage } from './localized';

// The month grid loads on its first opening: pages with a date field do not download it before.
const DateCalendar = lazy(() => import('./date-calendar').then((m) => ({ default: m.DateCalendar })));

const pad = (n: number) => String(n).padStart(2, '0');

/** A real calendar day written YYYY-MM-DD (also with / or . between the parts), as YYYY-MM-DD; else null. */
export function parseDay(text: string): string | null {
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${pad(mo)}-${pad(d)}`;
}

/** A day and a 24-hour time (`YYYY-MM-DD HH:mm`, or with a `T` between them) as YYYY-MM-DDTHH:mm; else null. */
export function parseDayTime(text: string): string | null {
  const m = /^(\S+?)(?:[T\s]+)(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const day = parseDay(m[1]!);
  const [h, min] = [Number(m[2]), Number(m[3])];
  if (!day || h > 23 || min > 59) return null;
  return `${day}T${pad(h)}:${pad(min)}`;
}

/** How a value is written in the field: the day, then the time after a space. */
const shown = (value: string) => value.replace('T', ' ');

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'min' | 'max'> & {
  id?: string;
  /** `YYYY-MM-DD` (with `withTime`, `YYYY-MM-DDTHH:mm`), or '' when empty or not a valid date yet. */
  value: string;
  onChange: (value: string) => void;
  /** The first and last days that may be chosen (YYYY-MM-DD). */
  min?: string;
  max?: string;
  withTime?: boolean;
};

/**
 * A date (or date and time) field in the reader's chosen language (docs/architecture.md P10). A native date input writes its
 * placeholder, its format and its calendar in the browser's language, whatever the app's; this one is a
 * text field in the unambiguous year-month-day order, with a localized placeholder and format hint, `lang`
 * set, its own error when what was typed is not a date, and a button that opens a month grid in the
 * chosen language (keyboard: arrows, Page Up/Down, Home/End, Enter, Escape). `min`/`max` limit the grid
 * and are checked on what is typed; they are exposed as `data-min`/`data-max`.
 */
export function DateInput({ id, value, onChange, min, max, withTime = false, className, onBlur, ...rest }: Props) {
  const { t } = useTranslation('controls');
  const lang = useLanguage();
  const parse = withTime ? parseDayTime : parseDay;
  const [draft, setDraft] = useState(shown(value));
  const [touched, setTouched] = useState(false);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLSpanElement>(null);

  // A value set from outside (a reset, the calendar, a preset) replaces what is in the field.
  useEffect(() => {
    setDraft((current) => ((parse(current) ?? '') === value ? current : shown(value)));
  }, [value, parse]);

  const parsed = parse(draft);
  const day = parsed?.slice(0, 10);
  const outOfRange = Boolean(day && ((min && day < min) || (max && day > max)));
  const invalid = touched && draft.trim() !== '' && (!parsed || outOfRange);
  const hintId = id ? `${id}-format` : undefined;
  const errorId = id ? `${id}-date-error` : undefined;
  const describedBy = [rest['aria-describedby'], invalid ? errorId : hintId].filter(Boolean).join(' ') || undefined;

  function change(text: string) {
    setDraft(text);
    const next = parse(text);
    onChange(next ?? '');
  }

  const close = useCallback((refocus = true) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);

  function choose(chosen: string) {
    const time = withTime ? (parse(draft)?.slice(10) ?? 'T09:00') : '';
    change(shown(chosen + time));
    setTouched(true);
    setOpen(false);
    button.current?.focus();
  }

  return (
    <span ref={field} className="relative block">
      <span className="flex items-stretch gap-1">
        <input
          {...rest}
          id={id}
          type="text"
          lang={lang}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder={t(withTime ? 'dates.placeholderTime' : 'dates.placeholder')}
          value={draft}
          onChange={(e) => change(e.target.value)}
          onBlur={(e) => {
            setTouched(true);
            if (parsed) setDraft(shown(parsed));
            onBlur?.(e);
          }}
          aria-invalid={invalid || rest['aria-invalid'] ? true : undefined}
          aria-describedby={describedBy}
          data-min={min}
          data-max={max}
          className={`min-w-0 flex-1 tabular-nums ${className ?? 'rounded-md border border-slate-300 px-3 py-1.5 text-sm'}`}
        />
        <button
          ref={button}
          type="button"
          className="shrink-0 rounded-md border border-slate-300 px-2 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          aria-label={t('dates.open')}
          aria-haspopup="dialog"
          aria-expanded={open}
          title={t('dates.open')}
          onClick={() => setOpen((o) => !o)}
        >
          <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true">
            <rect x="3.5" y="5" width="17" height="15" rx="2" />
            <path d="M3.5 10h17M8 3v4M16 3v4" />
          </svg>
        </button>
      </span>
      <span id={hintId} className="sr-only">
        {t(withTime ? 'dates.formatTime' : 'dates.format')}
      </span>
      {invalid && (
        <span id={errorId} role="alert" className="mt-1 block text-xs font-medium text-rose-700">
          {outOfRange ? t('dates.outOfRange') : t(withTime ? 'dates.invalidTime' : 'dates.invalid')}
        </span>
      )}
      {open && (
        <Suspense fallback={null}>
          <DateCalendar value={day ?? value.slice(0, 10)} min={min} max={max} onChoose={choose} onClose={close} within={field} />
        </Suspense>
      )}
    </span>
  );
}
