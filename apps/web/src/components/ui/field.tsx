import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';

/** A labelled form control with its error, linked for screen readers. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
        className: `w-full rounded-md border px-3 py-2 text-sm ${error ? 'border-rose-500' : 'border-slate-300'} ${String(children.props.className ?? '')}`,
      })}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={errorId} className="text-xs font-medium text-rose-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
