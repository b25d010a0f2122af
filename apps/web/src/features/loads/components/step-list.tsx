import { useTranslation } from '@/lib/use-translation';
import type { Step } from './wizard-state';

const names = ['emails', 'recognition', 'review', 'confirm'] as const;

/** The four steps, the current one marked (aria-current) and the done ones ticked. */
export function StepList({ step }: { step: Step }) {
  const { t } = useTranslation('loads');
  return (
    <ol className="mb-6 grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={t('wizard.steps')}>
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
            {t(`wizard.step.${name}`)}
          </li>
        );
      })}
    </ol>
  );
}
