import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/** Puts the server's validation details next to their fields; returns false when there were none. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly string[]): boolean {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return false;
  let applied = false;
  for (const d of error.details as { field?: string; message?: string }[]) {
    const name = d.field?.replace(/^body\./, '').split('.')[0];
    if (name && fields.includes(name)) {
      setError(name as Path<T>, { type: 'server', message: d.message });
      applied = true;
    }
  }
  return applied;
}

/** Builds multipart form data, skipping undefined values. */
export function toFormData(values: Record<string, unknown>, files: Record<string, File[]> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || v === null) continue;
    form.append(k, String(v));
  }
  for (const [k, list] of Object.entries(files)) for (const f of list) form.append(k, f);
  return form;
}
