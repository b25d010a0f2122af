import { useId, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { FilePicker } from '@/components/ui/file-picker';
import { Pagination } from '@/components/ui/pagination';
import { ProgressBar } from '@/components/ui/progress-bar';
import { CardRow, Cell, ResponsiveTable } from '@/components/ui/responsive-table';
import { StepList } from '@/components/ui/step-list';
import { errorText } from '@/lib/error-text';
import { formatDate, formatMonthDay, formatPoints } from '@/lib/format';
import { toast } from '@/lib/toast';
import { reviewDatesInChunks, useConfirmDates, useReadDatesFile, type DatesOutcome } from '../api/dates-import';
import type { DatesConfirmResult, DatesRow } from '../api/types';

const PAGE = 50;
const stepNames = ['file', 'review', 'confirm'] as const;
type Step = 1 | 2 | 3;

interface FileRows {
  name: string;
  rows: DatesRow[];
  sheet: string | null;
}

/**
 * The import of people's birthdays and hire dates for a store (docs/architecture.md A6.17), the bulk load's
 * steps: a CSV or XLSX file (the server reads its e-mail and date columns) -> the review, each refused row
 * with its reason (nothing is written) -> the confirm, which saves the correct rows' dates and answers how
 * many. "Start over" clears it. A large file is reviewed in chunks with a progress bar, and can be cancelled.
 */
export function DatesImportWizard({ storeId, storeName }: { storeId: number; storeName: string }) {
  const { t } = useTranslation('celebrations');
  const [step, setStep] = useState<Step>(1);
  const [file, setFile] = useState<FileRows | null>(null);
  const [outcomes, setOutcomes] = useState<DatesOutcome[] | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<DatesConfirmResult | null>(null);
  const abort = useRef<AbortController | null>(null);
  const confirmDates = useConfirmDates();
  const correct = outcomes?.filter((o) => o.status === 'correct').length ?? 0;

  async function review(rows: DatesRow[]) {
    abort.current?.abort();
    const controller = (abort.current = new AbortController());
    setOutcomes(null);
    setProgress({ done: 0, total: rows.length });
    try {
      setOutcomes(await reviewDatesInChunks(storeId, rows, (done, total) => setProgress({ done, total }), controller.signal));
    } catch (err) {
      if (controller.signal.aborted) toast.warning(t('import.review.cancelled'));
      else toast.error(errorText(t, err));
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setProgress(null);
      }
    }
  }

  function go(next: Step) {
    if (next === 2 && !file) return;
    abort.current?.abort();
    confirmDates.reset();
    setStep(next);
    if (next === 2 && file && !outcomes) void review(file.rows);
  }

  function reset() {
    abort.current?.abort();
    confirmDates.reset();
    setStep(1);
    setFile(null);
    setOutcomes(null);
    setResult(null);
  }

  async function confirm() {
    if (!file || !outcomes) return;
    const rows = file.rows.filter((_, i) => outcomes[i]?.status === 'correct');
    try {
      setResult(await confirmDates.mutateAsync({ storeId, rows }));
    } catch {
      /* shown by the step from confirmDates.error */
    }
  }

  return (
    <div>
      <StepList names={stepNames.map((n) => t(`import.step.${n}`))} step={step} label={t('import.steps')} />
      <p className="sr-only" aria-live="polite">
        {t('import.stepOf', { step, count: stepNames.length })}: {t(`import.step.${stepNames[step - 1]}`)}
      </p>
      <section className="rounded-xl border border-slate-200 bg-white p-5" data-testid={`dates-step-${step}`}>
        {step === 1 && (
          <FileStep
            file={file}
            onFile={(f) => {
              setFile(f);
              setOutcomes(null);
            }}
          />
        )}
        {step === 2 && file && (
          <ReviewStep
            rows={file.rows}
            outcomes={outcomes}
            progress={progress}
            onReview={() => void review(file.rows)}
            onCancel={() => abort.current?.abort()}
          />
        )}
        {step === 3 && (
          <ConfirmStep
            store={storeName}
            file={file}
            correct={correct}
            refused={(outcomes?.length ?? 0) - correct}
            working={confirmDates.isPending}
            error={confirmDates.error}
            result={result}
            onConfirm={() => void confirm()}
            onAnother={reset}
          />
        )}
      </section>
      {!result && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {step > 1 && (
            <Button variant="secondary" onClick={() => go((step - 1) as Step)} disabled={confirmDates.isPending}>
              {t('import.back')}
            </Button>
          )}
          <Button variant="ghost" onClick={reset} disabled={confirmDates.isPending} data-testid="dates-reset">
            {t('import.reset')}
          </Button>
          {step < 3 && (
            <Button
              className="ml-auto"
              onClick={() => go((step + 1) as Step)}
              disabled={(step === 1 && !file) || (step === 2 && (progress !== null || correct === 0))}
              data-testid="dates-next"
            >
              {t('import.next')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** Step 1: a CSV or XLSX with an e-mail column and a birthday and/or hire date column (headers in Spanish or English). */
function FileStep({ file, onFile }: { file: FileRows | null; onFile: (f: FileRows | null) => void }) {
  const { t } = useTranslation(['celebrations', 'controls']);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const read = useReadDatesFile();

  async function upload(list: FileList | null) {
    const chosen = list?.[0];
    if (!chosen) return;
    try {
      const data = await read.mutateAsync(chosen);
      onFile({ name: chosen.name, rows: data.rows, sheet: data.sheet });
    } catch {
      onFile(null);
    }
    if (input.current) input.current.value = '';
  }

  return (
    <div className="space-y-3">
      <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-800">
        {t('import.file.label')}
      </label>
      <FilePicker
        ref={input}
        id={`${id}-file`}
        accept=".csv,.txt,.xlsx,text/csv,text/plain,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        onChange={(e) => void upload(e.target.files)}
        aria-describedby={`${id}-hint`}
        status={file ? t('controls:files.chosen', { count: 1 }) : undefined}
        data-testid="dates-file"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {t('import.file.hint')}
      </p>
      <div className="min-h-6" aria-live="polite">
        {read.isPending ? (
          <p className="text-sm text-slate-600" role="status">
            {t('import.file.reading', { name: read.variables?.name })}
          </p>
        ) : read.isError ? (
          <p className="text-sm font-medium text-rose-700" role="alert" data-testid="dates-file-error">
            {errorText(t, read.error)}
          </p>
        ) : file ? (
          <p className="text-sm font-semibold text-slate-900" data-testid="dates-file-rows">
            {t('import.file.read', { count: file.rows.length, n: formatPoints(file.rows.length), name: file.name })}
            {file.sheet && <span className="font-normal text-slate-600"> · {t('import.file.sheet', { sheet: file.sheet })}</span>}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A row's dates as the review will save them ("—" for a cell left empty: the stored value stays). */
function DatesText({ birthday, hireDate }: { birthday: string | null; hireDate: string | null }) {
  const { t } = useTranslation('celebrations');
  return (
    <>
      {t('import.review.birthday')}: {birthday ? formatMonthDay(birthday) : '—'} · {t('import.review.hireDate')}:{' '}
      {hireDate ? formatDate(hireDate, 'medium') : '—'}
    </>
  );
}

/** Step 2: the review's verdicts: how many are correct and refused, each refused row with its reason, and the correct ones. */
function ReviewStep({
  rows,
  outcomes,
  progress,
  onReview,
  onCancel,
}: {
  rows: DatesRow[];
  outcomes: DatesOutcome[] | null;
  progress: { done: number; total: number } | null;
  onReview: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('celebrations');
  const [page, setPage] = useState(1);
  const [correctPage, setCorrectPage] = useState(1);
  const indexed = rows.map((row, index) => ({ row, index, outcome: outcomes?.[index] }));
  const refused = indexed.filter((r) => r.outcome?.status === 'incorrect');
  const good = indexed.filter((r) => r.outcome?.status === 'correct');
  const pages = Math.max(1, Math.ceil(refused.length / PAGE));

  if (progress)
    return (
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <ProgressBar
            testId="dates-progress"
            label={t('import.review.progress', { done: formatPoints(progress.done), total: formatPoints(progress.total) })}
            value={progress.done}
            max={progress.total}
          />
        </div>
        <Button variant="secondary" onClick={onCancel}>
          {t('import.review.cancel')}
        </Button>
      </div>
    );

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3" data-testid="dates-review-summary">
        <span className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900" data-testid="dates-correct-count">
          {t('import.review.correct', { count: good.length, n: formatPoints(good.length) })}
        </span>
        <span className="rounded-full bg-rose-100 px-3 py-1 text-sm font-semibold text-rose-900" data-testid="dates-refused-count">
          {t('import.review.refused', { count: refused.length, n: formatPoints(refused.length) })}
        </span>
        <Button variant="secondary" className="ml-auto" onClick={onReview} data-testid="dates-review-again">
          {t('import.review.again')}
        </Button>
      </div>
      {!outcomes && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('import.review.notReviewed')}
        </p>
      )}
      {outcomes && good.length === 0 && (
        <p role="alert" className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm text-rose-900">
          {t('import.review.nothingCorrect')}
        </p>
      )}
      {refused.length > 0 && (
        <section aria-labelledby="dates-refused-title">
          <h2 id="dates-refused-title" className="font-semibold text-slate-900">
            {t('import.review.refusedTitle')}
          </h2>
          <p className="mb-2 text-sm text-slate-600">{t('import.review.refusedHint')}</p>
          <ResponsiveTable
            data-testid="dates-refused"
            columns={[{ label: t('import.review.row') }, { label: t('import.review.email') }, { label: t('import.review.reason') }]}
          >
            {refused.slice((Math.min(page, pages) - 1) * PAGE, Math.min(page, pages) * PAGE).map((r) => (
              <CardRow key={r.index} data-testid="dates-refused-row">
                <Cell primary className="tabular-nums text-slate-600">
                  {t('import.review.rowN', { n: r.index + 1 })}
                </Cell>
                <Cell label={t('import.review.email')} className="break-all">
                  {r.row.email || '—'}
                </Cell>
                <Cell label={t('import.review.reason')} className="text-rose-800" data-testid="dates-refused-reason">
                  {r.outcome?.status === 'incorrect' ? t(`import.reasons.${r.outcome.reason}`) : ''}
                </Cell>
              </CardRow>
            ))}
          </ResponsiveTable>
          <Pagination page={Math.min(page, pages)} totalPages={pages} onChange={setPage} />
        </section>
      )}
      {good.length > 0 && (
        <details className="rounded-lg border border-slate-200 bg-white p-3">
          <summary className="cursor-pointer text-sm font-semibold text-slate-900">
            {t('import.review.correctTitle')} ({formatPoints(good.length)})
          </summary>
          <ResponsiveTable
            className="mt-2"
            data-testid="dates-correct"
            columns={[{ label: t('import.review.email') }, { label: t('import.review.person') }, { label: t('import.review.dates') }]}
          >
            {good.slice((correctPage - 1) * PAGE, correctPage * PAGE).map((r) =>
              r.outcome?.status === 'correct' ? (
                <CardRow key={r.index}>
                  <Cell primary className="break-all">
                    {r.row.email}
                  </Cell>
                  <Cell label={t('import.review.person')}>{r.outcome.name}</Cell>
                  <Cell label={t('import.review.dates')}>
                    <DatesText birthday={r.outcome.birthday} hireDate={r.outcome.hireDate} />
                  </Cell>
                </CardRow>
              ) : null,
            )}
          </ResponsiveTable>
          <Pagination page={correctPage} totalPages={Math.ceil(good.length / PAGE)} onChange={setCorrectPage} />
        </details>
      )}
    </div>
  );
}

/** Step 3: what will be saved, the confirm (with its progress), and what was. */
function ConfirmStep({
  store,
  file,
  correct,
  refused,
  working,
  error,
  result,
  onConfirm,
  onAnother,
}: {
  store: string;
  file: FileRows | null;
  correct: number;
  refused: number;
  working: boolean;
  error: unknown;
  result: DatesConfirmResult | null;
  onConfirm: () => void;
  onAnother: () => void;
}) {
  const { t } = useTranslation('celebrations');
  if (result)
    return (
      <div className="space-y-4 rounded-xl border border-emerald-300 bg-emerald-50 p-5" data-testid="dates-done">
        <p role="status" className="font-semibold text-emerald-900">
          {t('import.confirm.done', { count: result.updated, n: formatPoints(result.updated) })}
        </p>
        {result.incorrect.length > 0 && (
          <div>
            <p className="text-sm text-amber-900">{t('import.confirm.refusedNow', { count: result.incorrect.length })}</p>
            <ul className="mt-1 list-inside list-disc text-sm text-slate-800">
              {result.incorrect.slice(0, 20).map((r) => (
                <li key={`${r.index}-${r.email}`}>
                  {r.email}: {t(`import.reasons.${r.reason}`)}
                </li>
              ))}
            </ul>
          </div>
        )}
        <Button variant="secondary" onClick={onAnother}>
          {t('import.confirm.another')}
        </Button>
      </div>
    );
  const rows: [string, string][] = [
    [t('import.confirm.store'), store],
    [t('import.confirm.file'), file?.name ?? ''],
    [t('import.confirm.correct'), formatPoints(correct)],
    [t('import.confirm.refused'), formatPoints(refused)],
  ];
  return (
    <div className="space-y-5">
      <section aria-labelledby="dates-summary-title">
        <h2 id="dates-summary-title" className="mb-3 font-semibold text-slate-900">
          {t('import.confirm.summary')}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]" data-testid="dates-summary">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-medium break-all text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-sm text-slate-600">{t('import.confirm.hint')}</p>
      </section>
      {working && <ProgressBar testId="dates-progress" label={t('import.confirm.working', { n: formatPoints(correct) })} />}
      {error !== null && error !== undefined && !working && (
        <p role="alert" className="rounded-lg border border-rose-300 bg-rose-50 p-3 text-sm font-medium text-rose-900">
          {errorText(t, error)}
        </p>
      )}
      <Button onClick={onConfirm} disabled={working || correct === 0} data-testid="dates-confirm">
        {t('import.confirm.submit')}
      </Button>
    </div>
  );
}
