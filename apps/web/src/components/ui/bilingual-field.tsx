import { cloneElement, useId, type ReactElement, type ReactNode } from 'react';
import type { Language } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';

const order: readonly Language[] = ['es', 'en'];

/**
 * A text administrators write for shoppers, in both languages side by side (docs/architecture.md P10): one
 * group named by `label`, a control per language under its own label ("Español", "English"), each with its
 * own error. Two columns when the form is wide enough (a container query, so it holds in a dialog and on a
 * page alike), stacked on a phone. Each control gets its id, `lang` (spelling and screen readers in that
 * language), `aria-invalid`, `aria-describedby` and the field style, like `Field` does.
 */
export function BilingualField({
  label,
  es,
  en,
  errors = {},
  required = false,
  hint,
  testId,
}: {
  label: string;
  es: ReactElement<Record<string, unknown>>;
  en: ReactElement<Record<string, unknown>>;
  errors?: Partial<Record<Language, string | undefined>>;
  /** At least one of the two must be written: said under the label. */
  required?: boolean;
  hint?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('controls');
  const id = useId();
  const controls = { es, en };
  const noteId = `${id}-note`;
  const note =
    required || hint ? (
      <>
        {required && t('atLeastOne')}
        {required && hint ? ' ' : null}
        {hint}
      </>
    ) : null;
  return (
    <fieldset className="@container min-w-0 space-y-1" aria-describedby={note ? noteId : undefined} data-testid={testId}>
      <legend className="block text-sm font-medium text-slate-800">{label}</legend>
      {note && (
        <p id={noteId} className="text-xs text-slate-500">
          {note}
        </p>
      )}
      <div className="grid gap-3 @lg:grid-cols-2">
        {order.map((lang) => {
          const control = controls[lang];
          const error = errors[lang];
          const controlId = `${id}-${lang}`;
          const errorId = `${controlId}-error`;
          return (
            <div key={lang} className="min-w-0 space-y-1" data-lang={lang}>
              <div className="flex items-center gap-1.5 text-xs font-semibold text-slate-600">
                <span
                  aria-hidden="true"
                  className="rounded border border-slate-300 bg-slate-50 px-1 text-[0.625rem] leading-[1.2] tracking-wide"
                >
                  {lang.toUpperCase()}
                </span>
                <label htmlFor={controlId} lang={lang}>
                  {t(`languages.${lang}`)}
                </label>
              </div>
              {cloneElement(control, {
                id: controlId,
                lang,
                'aria-invalid': error ? true : undefined,
                'aria-describedby': error ? errorId : undefined,
                className: `w-full rounded-md border px-3 py-2 text-sm ${error ? 'border-rose-500' : 'border-slate-300'} ${String(control.props.className ?? '')}`,
              })}
              {error && (
                <p id={errorId} className="text-xs font-medium text-rose-700" role="alert">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
