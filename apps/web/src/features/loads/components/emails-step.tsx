import { useDeferredValue, useId, useMemo, useRef } from 'react';
import { MAX_LOAD_EMAILS, splitEmailText } from '@rewards/shared/load-rules';
import { useTranslation } from '@/lib/use-translation';
import { formatPoints } from '@/lib/format';
import { FilePicker } from '@/components/ui/file-picker';
import { errorText } from '@/lib/error-text';
import { useReadEmailFile } from '../api/read-email-file';
import type { Action, FileEmails, StepErrors } from './wizard-state';

/** Step 1: paste e-mails and/or upload CSV or XLSX files; the count shows as you go. */
export function EmailsStep({
  text,
  files,
  error,
  dispatch,
}: {
  text: string;
  files: FileEmails[];
  error?: StepErrors['emails'];
  dispatch: (a: Action) => void;
}) {
  const { t } = useTranslation(['loads', 'controls']);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const read = useReadEmailFile();
  // Splitting 100,000 pasted e-mails takes a moment: typing stays responsive, the count follows.
  const deferred = useDeferredValue(text);
  const pasted = useMemo(() => splitEmailText(deferred).length, [deferred]);
  const total = pasted + files.reduce((n, f) => n + f.emails.length, 0);

  async function upload(list: FileList | null) {
    for (const file of Array.from(list ?? [])) {
      try {
        const data = await read.mutateAsync(file);
        dispatch({ type: 'addFile', file: { name: file.name, emails: data.emails, sheet: data.sheet, column: data.column } });
      } catch {
        /* shown below from read.error */
      }
    }
    if (input.current) input.current.value = '';
  }

  return (
    <div className="space-y-5">
      <div className="space-y-1">
        <label htmlFor={`${id}-text`} className="block text-sm font-medium text-slate-800">
          {t('emails.paste')}
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          onChange={(e) => dispatch({ type: 'text', text: e.target.value })}
          rows={8}
          placeholder={t('emails.placeholder')}
          aria-describedby={`${id}-hint ${id}-count${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className={`w-full rounded-md border px-3 py-2 font-mono text-sm ${error ? 'border-rose-500' : 'border-slate-300'}`}
          data-testid="load-emails-text"
          spellCheck={false}
        />
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {t('emails.pasteHint')}
        </p>
      </div>

      <div className="space-y-1">
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
          {t('emails.file')}
        </label>
        <FilePicker
          ref={input}
          id={`${id}-file`}
          multiple
          accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => void upload(e.target.files)}
          data-testid="load-emails-file"
          aria-describedby={`${id}-file-hint`}
          status={files.length > 0 ? t('controls:files.chosen', { count: files.length }) : undefined}
        />
        <p id={`${id}-file-hint`} className="text-xs text-slate-500">
          {t('emails.fileHint')}
        </p>
        {read.isPending && (
          <p className="text-sm text-slate-600" role="status">
            {t('emails.reading', { name: read.variables?.name })}
          </p>
        )}
        {read.isError && (
          <p className="text-sm font-medium text-rose-700" role="alert" data-testid="load-file-error">
            {errorText(t, read.error)}
          </p>
        )}
        {files.length > 0 && (
          <ul className="mt-2 space-y-1" data-testid="load-files">
            {files.map((f) => (
              <li key={f.id} className="flex flex-wrap items-center gap-2 rounded-md bg-slate-50 px-3 py-1.5 text-sm">
                <span className="font-medium">{t('emails.fromFile', { name: f.name, count: f.emails.length })}</span>
                <span className="text-slate-500">
                  {[f.sheet && t('emails.fromSheet', { sheet: f.sheet }), f.column && t('emails.fromColumn', { column: f.column })]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
                <button
                  type="button"
                  className="ml-auto rounded px-2 text-rose-700 hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  onClick={() => dispatch({ type: 'removeFile', id: f.id })}
                  aria-label={t('emails.removeFile', { name: f.name })}
                >
                  ✕
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <p id={`${id}-count`} className="text-sm font-semibold text-slate-900" aria-live="polite" data-testid="load-email-count">
        {t('emails.count', { count: total, n: formatPoints(total) })}
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-rose-700">
          {t(`emails.${error}`, { max: formatPoints(MAX_LOAD_EMAILS) })}
        </p>
      )}
    </div>
  );
}
