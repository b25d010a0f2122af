import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { ZodType } from 'zod';

/** A dotted path into the form's values: `city`, `values.0.text`. */
type Path = string;

/** A field's error, shaped like react-hook-form's so lib/form-errors.ts serves both. */
export interface FieldError {
  type?: string;
  message?: string;
}

function read(values: unknown, path: Path): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v == null ? undefined : (v as Record<string, unknown>)[key]), values);
}

function write<T>(values: T, path: Path, value: unknown): T {
  const [key, ...rest] = path.split('.');
  const copy = (Array.isArray(values) ? [...values] : { ...values }) as Record<string, unknown>;
  copy[key!] = rest.length ? write(copy[key!], rest.join('.'), value) : value;
  return copy as T;
}

/** The first message per path of a failed parse, as zodResolver reports them. */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[]): Record<Path, FieldError> {
  const errors: Record<Path, FieldError> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || 'root';
    errors[path] ??= { type: issue.code, message: issue.message };
  }
  return errors;
}

/**
 * A form of the shop's own pages (docs/decisions/0028): controlled fields, validated with the shared zod
 * schema like the admin forms, but with neither react-hook-form nor zod in the page's first download. The
 * schema module is imported when the reader first focuses the form (`onFocus`) or submits. Validation runs
 * at submit, then again at every change until the form is valid; the first invalid field gets the focus.
 */
export function useSchemaForm<In extends object, Out>({
  defaultValues,
  schema,
}: {
  defaultValues: In;
  schema: () => Promise<ZodType<Out>>;
}) {
  const [values, setValues] = useState<In>(defaultValues);
  const [errors, setErrors] = useState<Record<Path, FieldError>>({});
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const loaded = useRef<Promise<ZodType<Out>> | null>(null);
  const load = useCallback(() => (loaded.current ??= schema()), [schema]);

  const validate = useCallback(
    async (next: In) => {
      const result = (await load()).safeParse(next);
      const found = result.success ? {} : errorsOf(result.error.issues);
      setErrors(found);
      return { result, errors: found };
    },
    [load],
  );

  function setValue(path: Path, value: unknown) {
    const next = write(values, path, value);
    setValues(next);
    if (submitted) void validate(next);
  }

  /** Props of a text input, textarea or select bound to `path`. */
  function field(path: Path) {
    return {
      name: path,
      value: String(read(values, path) ?? ''),
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setValue(path, e.target.value),
      'aria-invalid': errors[path] ? true : undefined,
    };
  }

  /** Props of a checkbox bound to a boolean at `path`. */
  function checkbox(path: Path) {
    return {
      name: path,
      checked: Boolean(read(values, path)),
      onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(path, e.target.checked),
    };
  }

  /** Props of the radio button of `value` in the group at `path`. */
  function radio(path: Path, value: string) {
    return {
      name: path,
      value,
      checked: String(read(values, path) ?? '') === value,
      onChange: (e: ChangeEvent<HTMLInputElement>) => e.target.checked && setValue(path, value),
    };
  }

  /** Runs `onValid` with the parsed values, or shows the errors and focuses the first invalid field. */
  function handleSubmit(onValid: (data: Out) => Promise<void> | void) {
    return async (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      const form = e.currentTarget;
      setSubmitted(true);
      setSubmitting(true);
      try {
        const { result, errors: invalid } = await validate(values);
        if (result.success) {
          await onValid(result.data);
          return;
        }
        const first = Array.from(form.elements).find((el): el is HTMLElement => 'name' in el && (el as HTMLInputElement).name in invalid);
        first?.focus();
      } finally {
        setSubmitting(false);
      }
    };
  }

  return {
    values,
    errors,
    submitting,
    field,
    checkbox,
    radio,
    setValue,
    handleSubmit,
    /** The schema starts loading when the reader first enters the form: a submit then does not wait for it. */
    onFocus: () => void load(),
    setError: (path: Path, error: FieldError) => setErrors((current) => ({ ...current, [path]: error })),
    reset: (next: In) => {
      setValues(next);
      setErrors({});
      setSubmitted(false);
    },
  };
}
