import { useId, useRef, useState } from 'react';
import { MAX_LOAD_FILE_BYTES } from '@rewards/shared/load-rules';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { FilePicker } from '@/components/ui/file-picker';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatPoints } from '@/lib/format';
import { useDirectorySync } from '../api/sync';
import type { DirectorySyncReport } from '../api/types';
import { reportCounts, SyncReport } from './sync-report';
import { directoryErrorText } from './texts';

/**
 * The sync of a CSV or XLSX file of people, for companies without SCIM (docs/architecture.md A6.18): the file
 * and whether to deactivate the people of its offices it does not name; a dry run first, whose report says
 * what would change and why a row would not; then Apply, after a confirmation naming the counts, sends the
 * same file again for real and shows what was done. Another file or another choice asks for a new dry run.
 */
export function SyncSection() {
  const { t } = useTranslation('directory');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [deactivateMissing, setDeactivateMissing] = useState(false);
  const [preview, setPreview] = useState<DirectorySyncReport | null>(null);
  const [applied, setApplied] = useState<DirectorySyncReport | null>(null);
  const [confirming, setConfirming] = useState(false);
  const dryRun = useDirectorySync();
  const apply = useDirectorySync();
  const working = dryRun.isPending || apply.isPending;
  const counts = preview ? reportCounts(preview) : null;
  const changes = counts ? counts.created + counts.updated + counts.deactivated : 0;

  /** Whatever was shown is about another file or choice: it goes. */
  function startOver() {
    dryRun.reset();
    apply.reset();
    setPreview(null);
    setApplied(null);
  }

  function choose(list: FileList | null) {
    const chosen = list?.[0] ?? null;
    startOver();
    // Refused here rather than after the upload of the whole file (the server refuses it too).
    setTooLarge(chosen !== null && chosen.size > MAX_LOAD_FILE_BYTES);
    setFile(chosen && chosen.size <= MAX_LOAD_FILE_BYTES ? chosen : null);
  }

  async function runDry() {
    if (!file) return;
    startOver();
    try {
      setPreview(await dryRun.mutateAsync({ file, dryRun: true, deactivateMissing }));
    } catch {
      /* shown below from dryRun.error */
    }
  }

  async function runApply() {
    if (!file) return;
    try {
      setApplied(await apply.mutateAsync({ file, dryRun: false, deactivateMissing }));
      setPreview(null);
    } catch {
      /* shown below from apply.error */
    } finally {
      setConfirming(false);
    }
  }

  function another() {
    startOver();
    setFile(null);
    setDeactivateMissing(false);
    if (input.current) input.current.value = '';
  }

  const error = dryRun.error ?? apply.error;
  return (
    <section aria-labelledby="directory-sync-title" className="space-y-4">
      <div>
        <h2 id="directory-sync-title" className="text-lg font-semibold text-slate-900">
          {t('sync.title')}
        </h2>
        <p className="max-w-3xl text-sm text-slate-600">{t('sync.help')}</p>
      </div>
      <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <div className="space-y-2">
          <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
            {t('sync.file.label')}
          </label>
          <FilePicker
            ref={input}
            id={`${id}-file`}
            accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => choose(e.target.files)}
            aria-describedby={`${id}-hint`}
            status={file ? file.name : undefined}
            disabled={working}
            data-testid="directory-sync-file"
          />
          <p id={`${id}-hint`} className="max-w-3xl text-xs text-slate-500">
            {t('sync.file.hint')}
          </p>
          {tooLarge && (
            <p role="alert" className="text-sm font-medium text-rose-700">
              {t('sync.file.tooLarge')}
            </p>
          )}
        </div>
        <label className="flex max-w-3xl items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 shrink-0"
            checked={deactivateMissing}
            disabled={working}
            onChange={(e) => {
              startOver();
              setDeactivateMissing(e.target.checked);
            }}
            data-testid="directory-sync-deactivate"
          />
          <span>
            {t('sync.deactivateMissing')}
            <span className="block text-xs text-slate-500">{t('sync.deactivateMissingHint')}</span>
          </span>
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <Button onClick={() => void runDry()} disabled={!file || working} data-testid="directory-sync-dry-run">
            {t('sync.dryRun')}
          </Button>
          {(preview || applied) && (
            <Button variant="ghost" onClick={another} disabled={working}>
              {t('sync.another')}
            </Button>
          )}
        </div>
        <div aria-live="polite">
          {dryRun.isPending && <ProgressBar testId="directory-sync-progress" label={t('sync.checking', { name: file?.name })} />}
          {apply.isPending && <ProgressBar testId="directory-sync-progress" label={t('sync.applying', { name: file?.name })} />}
          {error && !working && (
            <p
              role="alert"
              className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm font-medium text-rose-900"
              data-testid="directory-sync-error"
            >
              {directoryErrorText(t, error)}
            </p>
          )}
          {applied && (
            <p
              role="status"
              className="rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm font-semibold text-emerald-900"
              data-testid="directory-sync-done"
            >
              {t('sync.done', {
                created: formatPoints(applied.created.length),
                updated: formatPoints(applied.updated.length),
                deactivated: formatPoints(applied.deactivated.length),
              })}
            </p>
          )}
        </div>
      </div>
      {preview && file && (
        <div className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <SyncReport report={preview} fileName={file.name} />
          <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 pt-4">
            {changes > 0 ? (
              <>
                <Button onClick={() => setConfirming(true)} disabled={working} data-testid="directory-sync-apply">
                  {t('sync.apply')}
                </Button>
                <p className="text-sm text-slate-600">{t('sync.applyHint')}</p>
              </>
            ) : (
              <p className="text-sm text-slate-700" data-testid="directory-sync-nothing">
                {t('sync.nothing')}
              </p>
            )}
          </div>
        </div>
      )}
      {applied && file && (
        <div className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <SyncReport report={applied} fileName={file.name} />
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('sync.confirm.title')}
        message={t('sync.confirm.message', {
          created: formatPoints(counts?.created ?? 0),
          updated: formatPoints(counts?.updated ?? 0),
          deactivated: formatPoints(counts?.deactivated ?? 0),
          errors: formatPoints(counts?.errors ?? 0),
        })}
        confirmLabel={t('sync.confirm.submit')}
        danger={(counts?.deactivated ?? 0) > 0}
        busy={apply.isPending}
        onConfirm={() => void runApply()}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}
