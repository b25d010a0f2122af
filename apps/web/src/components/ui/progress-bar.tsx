/**
 * A labelled progress bar; without `value` it is indeterminate (work whose end is not known). The bulk
 * load's and the people's dates' wizards show their reviews and confirms with it.
 */
export function ProgressBar({ label, value, max = 1, testId }: { label: string; value?: number; max?: number; testId?: string }) {
  const percent = value === undefined || max <= 0 ? undefined : Math.min(100, Math.round((value / max) * 100));
  return (
    <div className="space-y-1" data-testid={testId}>
      <p className="text-sm font-medium text-slate-700" aria-live="polite">
        {label}
        {percent !== undefined && <span className="ml-2 tabular-nums text-slate-500">{percent}%</span>}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 w-full overflow-hidden rounded-full bg-indigo-100"
      >
        {percent === undefined ? (
          <div className="h-full w-full animate-pulse rounded-full bg-indigo-600" />
        ) : (
          <div className="h-full rounded-full bg-indigo-600 transition-[width] duration-200" style={{ width: `${percent}%` }} />
        )}
      </div>
    </div>
  );
}
