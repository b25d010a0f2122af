import type { MovementPeriod } from '@rewards/shared/points';
import { addDays } from '@rewards/shared/days';
import type { ProgramCalendar } from '@rewards/shared/program';
import { useTranslation } from '@/lib/use-translation';
import { DateInput } from '@/components/ui/date-input';

export const presets = ['year', 'days30', 'all', 'custom'] as const;
export type Preset = (typeof presets)[number];

/**
 * The days a preset stands for, in the program's calendar: this program year, the last 30 days up to
 * today, everything, or the dates typed. Undefined while the calendar a preset needs is loading.
 */
export function periodOf(preset: Preset, custom: MovementPeriod, calendar: ProgramCalendar | undefined): MovementPeriod | undefined {
  if (preset === 'year') return calendar && { from: calendar.year.from };
  if (preset === 'days30') return calendar ? { from: addDays(calendar.today, -29), to: calendar.today } : {};
  return preset === 'custom' ? custom : {};
}

/** A reversed range (from after to) is refused before anything is asked. */
export const isReversed = (p: MovementPeriod | undefined) => Boolean(p?.from && p.to && p.from > p.to);

/** The period of /account's movements: presets as a radio group, and two dates for 'custom'. */
export function PeriodPicker({
  preset,
  custom,
  today,
  onPreset,
  onCustom,
}: {
  preset: Preset;
  custom: MovementPeriod;
  today: string | undefined;
  onPreset: (preset: Preset) => void;
  onCustom: (custom: MovementPeriod) => void;
}) {
  // With the date fields' texts: choosing "custom" shows them at once.
  const { t } = useTranslation(['points', 'controls']);
  const invalidRange = preset === 'custom' && isReversed(custom);
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      {/* On a phone the whole width in two equal columns (four options do not fit one row at 390 px); one row from sm up. */}
      <div
        role="radiogroup"
        aria-label={t('account.period')}
        className="grid w-full grid-cols-2 gap-0.5 rounded-lg border border-slate-300 p-0.5 sm:inline-flex sm:w-auto sm:gap-0"
      >
        {presets.map((p) => (
          <button
            key={p}
            type="button"
            role="radio"
            aria-checked={preset === p}
            onClick={() => onPreset(p)}
            className={`min-w-0 truncate rounded-md px-1.5 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600 sm:px-3 ${preset === p ? 'bg-indigo-700 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
          >
            {t(`account.periods.${p}`)}
          </button>
        ))}
      </div>
      {preset === 'custom' && (
        <div className="flex flex-wrap items-end gap-3">
          {(['from', 'to'] as const).map((end) => (
            <div key={end} className="w-44 text-sm">
              <label htmlFor={`period-${end}`} className="block font-medium text-slate-800">
                {t(`account.${end}`)}
              </label>
              <DateInput
                id={`period-${end}`}
                value={custom[end] ?? ''}
                max={today}
                onChange={(value) => onCustom({ ...custom, [end]: value || undefined })}
                aria-invalid={invalidRange || undefined}
              />
            </div>
          ))}
          {invalidRange && (
            <p role="alert" className="text-sm font-medium text-rose-700">
              {t('account.badRange')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
