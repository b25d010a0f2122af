/**
 * A wizard's steps (the bulk load's, the people's dates import's): the current one marked (aria-current) and
 * the done ones ticked; `step` counts from 1.
 */
export function StepList({ names, step, label }: { names: readonly string[]; step: number; label: string }) {
  return (
    <ol className={`mb-6 grid grid-cols-2 gap-2 ${names.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-4'}`} aria-label={label}>
      {names.map((name, i) => {
        const n = i + 1;
        const state = n < step ? 'done' : n === step ? 'current' : 'next';
        return (
          <li
            key={name}
            aria-current={state === 'current' ? 'step' : undefined}
            className={`flex items-center gap-2 rounded-lg border px-3 py-2 text-sm ${
              state === 'current'
                ? 'border-indigo-600 bg-indigo-50 font-semibold text-indigo-900'
                : state === 'done'
                  ? 'border-emerald-300 bg-emerald-50 text-emerald-900'
                  : 'border-slate-200 bg-white text-slate-500'
            }`}
          >
            <span
              aria-hidden="true"
              className={`grid h-6 w-6 shrink-0 place-items-center rounded-full text-xs font-bold ${
                state === 'current' ? 'bg-indigo-700 text-white' : state === 'done' ? 'bg-emerald-600 text-white' : 'bg-slate-200'
              }`}
            >
              {state === 'done' ? '✓' : n}
            </span>
            {name}
          </li>
        );
      })}
    </ol>
  );
}
