import { monthNames } from '@/lib/format';

/** Days of each month in a leap year: a birthday may be 29 February. */
const monthDays = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A day of the year without a year (a birthday, 'MM-DD'): a month and a day, each a select, in the reader's
 * language (the labels come from the form that uses it). '' is none; choosing a month keeps the day when that
 * month has it. The day's list follows the month (29 February included).
 */
export function MonthDayInput({
  id,
  value,
  onChange,
  labels,
  disabled,
  invalid,
  describedBy,
}: {
  id: string;
  /** 'MM-DD', or '' for none. */
  value: string;
  onChange: (value: string) => void;
  labels: { month: string; day: string; none: string };
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}) {
  const m = /^(\d{2})-(\d{2})$/.exec(value);
  const month = m ? Number(m[1]) : 0;
  const day = m ? Number(m[2]) : 0;
  const days = month ? monthDays[month - 1]! : 31;
  const names = monthNames();
  const look = `rounded-md border px-3 py-2 text-sm ${invalid ? 'border-rose-500' : 'border-slate-300'}`;
  return (
    <div className="flex flex-wrap gap-3">
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
        {labels.month}
        <select
          id={id}
          value={month || ''}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            const next = Number(e.target.value);
            if (!next) return onChange('');
            onChange(`${pad(next)}-${pad(Math.min(day || 1, monthDays[next - 1]!))}`);
          }}
          className={`min-w-40 ${look}`}
        >
          <option value="">{labels.none}</option>
          {names.map((name, i) => (
            <option key={name} value={i + 1}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
        {labels.day}
        <select
          id={`${id}-day`}
          value={day || ''}
          disabled={disabled || !month}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange(`${pad(month)}-${pad(Number(e.target.value))}`)}
          className={`w-24 ${look}`}
        >
          {!month && <option value="">—</option>}
          {Array.from({ length: days }, (_, i) => (
            <option key={i + 1} value={i + 1}>
              {i + 1}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
