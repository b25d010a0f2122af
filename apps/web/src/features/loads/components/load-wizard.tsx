import { useReducer, useRef, useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { StepList } from '@/components/ui/step-list';
import { markedText, useContent } from '@/components/ui/localized';
import { toast } from '@/lib/toast';
import { errorText } from '@/lib/error-text';
import { useLoadRewards } from '../api/get-load-rewards';
import { useCreateLoad } from '../api/create-load';
import { reviewInChunks } from '../api/review-load';
import { ConfirmStep } from './confirm-step';
import { EmailsStep } from './emails-step';
import { RecognitionStep } from './recognition-step';
import { ReviewStep } from './review-step';
import { activityOfState, counts, initialState, reducer, validate, type ActivityWindow, type Step, type StepErrors } from './wizard-state';

const stepNames = ['emails', 'recognition', 'review', 'confirm'] as const;

/**
 * The bulk-load wizard of /admin/loads/new (docs/architecture.md P4): e-mails -> recognition -> review ->
 * confirmation; "start over" clears it. The review of a large list runs in chunks with a progress
 * bar, and the page stays usable (it can be cancelled); the confirm is one request.
 */
export function LoadWizard({
  storeId,
  storeName,
  activityWindow,
}: {
  storeId: number;
  storeName: string;
  /** The days an activity may be dated (the current program year up to today), once known; the server checks it too. */
  activityWindow?: ActivityWindow;
}) {
  const { t } = useTranslation('loads');
  const content = useContent();
  const [state, dispatch] = useReducer(reducer, undefined, initialState);
  // Errors show once Next was tried on a step, then follow every change.
  const [tried, setTried] = useState<Step | null>(null);
  const errors: StepErrors = tried === state.step ? validate(state, state.step, activityWindow) : {};
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const rewards = useLoadRewards(storeId);
  const create = useCreateLoad();
  const reward = rewards.data?.find((r) => r.id === state.rewardId);
  const tally = counts(state.entries);

  async function review(entries = state.entries) {
    if (!state.rewardId) return;
    abort.current?.abort();
    const controller = (abort.current = new AbortController());
    setProgress({ done: 0, total: entries.length });
    try {
      const result = await reviewInChunks(
        {
          storeId,
          rewardId: state.rewardId,
          points: Number(state.points),
          activity: activityOfState(state),
          emails: entries.map((e) => e.email),
        },
        (done, total) => setProgress({ done, total }),
        controller.signal,
      );
      dispatch({ type: 'reviewed', of: entries, outcomes: result.outcomes, pointsEach: result.points, accrualOpen: result.accrualOpen });
    } catch (err) {
      if (controller.signal.aborted) toast.warning(t('review.cancelled'));
      else toast.error(errorText(t, err));
    } finally {
      if (abort.current === controller) {
        abort.current = null;
        setProgress(null);
      }
    }
  }

  function go(step: Step) {
    abort.current?.abort();
    if (step > state.step && Object.keys(validate(state, state.step, activityWindow)).length > 0) return setTried(state.step);
    setTried(null);
    create.reset();
    dispatch({ type: 'go', step });
  }

  /** Leaving step 2 reviews the list (the reducer builds it when leaving step 1). */
  function next() {
    if (state.step === 2) {
      if (Object.keys(validate(state, 2, activityWindow)).length > 0) return setTried(2);
      setTried(null);
      dispatch({ type: 'go', step: 3 });
      if (!state.reviewed) void review();
      return;
    }
    go((state.step + 1) as Step);
  }

  function reset() {
    abort.current?.abort();
    create.reset();
    setTried(null);
    dispatch({ type: 'reset' });
    toast.success(t('wizard.resetDone'));
  }

  async function confirm() {
    if (!state.rewardId) return;
    try {
      const { data } = await create.mutateAsync({
        key: state.key,
        body: {
          storeId,
          rewardId: state.rewardId,
          points: Number(state.points),
          reason: state.reason.trim(),
          reasonEn: state.reasonEn.trim(),
          activity: activityOfState(state),
          emails: state.entries.map((e) => e.email),
        },
      });
      dispatch({ type: 'done', load: data });
    } catch {
      /* shown by the step from create.error */
    }
  }

  const canConfirm = state.reviewed && tally.correct > 0 && state.accrualOpen && progress === null;
  return (
    <div>
      <StepList names={stepNames.map((name) => t(`wizard.step.${name}`))} step={state.step} label={t('wizard.steps')} />
      <p className="sr-only" aria-live="polite">
        {t('wizard.stepOf', { step: state.step })}: {t(`wizard.step.${stepNames[state.step - 1]}`)}
      </p>
      <section className="rounded-xl border border-slate-200 bg-white p-5" data-testid={`load-step-${state.step}`}>
        {state.step === 1 && <EmailsStep text={state.text} files={state.files} error={errors.emails} dispatch={dispatch} />}
        {state.step === 2 && (
          <RecognitionStep storeId={storeId} state={state} errors={errors} window={activityWindow} dispatch={dispatch} />
        )}
        {state.step === 3 && (
          <ReviewStep
            entries={state.entries}
            reviewed={state.reviewed}
            accrualOpen={state.accrualOpen}
            progress={progress}
            onReview={() => void review()}
            onCancel={() => abort.current?.abort()}
            dispatch={dispatch}
          />
        )}
        {state.step === 4 && (
          <ConfirmStep
            summary={{
              store: storeName,
              recognition: reward ? markedText(content(reward, 'name')) : '',
              activity: activityOfState(state),
              reason: markedText(content({ reason: state.reason.trim(), reasonEn: state.reasonEn.trim() }, 'reason')),
              pointsEach: state.pointsEach,
              receivers: tally.correct,
              refused: tally.incorrect + tally.pending,
            }}
            working={create.isPending}
            error={create.error}
            result={state.result}
            onConfirm={() => void confirm()}
            onAnother={reset}
          />
        )}
      </section>

      {!state.result && (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          {state.step > 1 && (
            <Button variant="secondary" onClick={() => go((state.step - 1) as Step)} disabled={create.isPending}>
              {t('wizard.back')}
            </Button>
          )}
          <Button variant="ghost" onClick={reset} disabled={create.isPending} data-testid="load-reset">
            {t('wizard.reset')}
          </Button>
          {state.step < 4 && (
            <span className="ml-auto flex items-center gap-3">
              {state.step === 3 && !state.reviewed && progress === null && (
                <span className="text-sm text-amber-800">{t('review.needsReview')}</span>
              )}
              <Button onClick={next} disabled={(state.step === 3 && !canConfirm) || progress !== null} data-testid="load-next">
                {t('wizard.next')}
              </Button>
            </span>
          )}
        </div>
      )}
    </div>
  );
}
