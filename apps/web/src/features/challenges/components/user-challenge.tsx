import { useCallback, useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { CHALLENGE_ANSWER_MAX } from '@rewards/shared/challenge-rules';
import type { challengeAnswersFormSchema, UserChallenge } from '@rewards/shared/challenges';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Localized, useContent } from '@/components/ui/localized';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime, formatPoints } from '@/lib/format';
import { useSchemaForm } from '@/lib/schema-form';
import { toast } from '@/lib/toast';
import { useSubmitAnswers } from '../api/submit-answers';
import { useUserChallenge } from '../api/get-user-challenge';
import { Countdown } from './countdown';
import { useChallengeMessage } from './field-message';

type Current = UserChallenge['challenge'];
type Submission = NonNullable<UserChallenge['submission']>;
type FormValues = z.input<ReturnType<typeof challengeAnswersFormSchema>>;
type FormOutput = z.output<ReturnType<typeof challengeAnswersFormSchema>>;

function Notice({ tone = 'info', children, testId }: { tone?: 'info' | 'success' | 'warning'; children: ReactNode; testId?: string }) {
  const styles = {
    info: 'border-sky-200 bg-sky-50 text-sky-900',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    warning: 'border-amber-200 bg-amber-50 text-amber-900',
  };
  return (
    <div className={`rounded-lg border px-4 py-3 text-sm ${styles[tone]}`} role="status" data-testid={testId}>
      {children}
    </div>
  );
}

/** The user's answers as sent, read-only. */
function SentAnswers({ challenge, submission }: { challenge: Current; submission: Submission }) {
  const { t } = useTranslation('challenges');
  const content = useContent();
  return (
    <section aria-labelledby="my-answers" className="space-y-3">
      <h2 id="my-answers" className="text-lg font-semibold text-slate-900">
        {t('user.myAnswers')}
      </h2>
      <ol className="list-decimal space-y-2 pl-5 text-sm">
        {challenge.questions.map((q) => {
          const a = submission.values.find((v) => v.questionId === q.id);
          const option = q.options.find((o) => o.id === a?.optionId);
          return (
            <li key={q.id}>
              <Localized value={content(q, 'text')} className="block text-slate-600" />
              {option ? (
                <Localized value={content(option, 'text')} className="block font-medium text-slate-900" />
              ) : (
                <span className="block font-medium text-slate-900">{a?.text ?? '—'}</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** Every question, each required; one submission, after confirming. */
function AnswerForm({ challenge }: { challenge: Current }) {
  const { t } = useTranslation('challenges');
  const content = useContent();
  const message = useChallengeMessage();
  const errorText = useErrorText();
  const submit = useSubmitAnswers();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const multiple = challenge.type === 'multiple_choice';
  // The shared schema, loaded when the reader first enters the form (lib/schema-form.ts).
  const schema = useCallback(
    () => import('@rewards/shared/challenges').then((m) => m.challengeAnswersFormSchema(challenge.type)),
    [challenge.type],
  );
  const form = useSchemaForm<FormValues, FormOutput>({
    defaultValues: { values: challenge.questions.map((q) => ({ questionId: q.id, optionId: '', text: '' })) },
    schema,
  });
  const errorOf = (i: number) => form.errors[`values.${i}.${multiple ? 'optionId' : 'text'}`]?.message;

  async function send() {
    setFailure(null);
    const values = form.values.values;
    try {
      await submit.mutateAsync({
        challengeId: challenge.id,
        values: values.map((v) =>
          multiple
            ? { questionId: Number(v.questionId), optionId: Number(v.optionId) }
            : { questionId: Number(v.questionId), text: (v.text ?? '').trim() },
        ),
      });
      toast.success(t('messages.sent'));
    } catch (err) {
      setFailure(errorText(err));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void form.handleSubmit(() => setConfirming(true))(e)}
      onFocus={form.onFocus}
      className="space-y-5"
      aria-labelledby="questions-title"
      data-testid="answer-form"
    >
      <h2 id="questions-title" className="text-lg font-semibold text-slate-900">
        {t('user.questions')}
      </h2>
      <p className="text-sm text-slate-600">{t('user.allRequired')}</p>
      {challenge.questions.map((q, i) => {
        const error = message(errorOf(i));
        const errorId = `question-${q.id}-error`;
        return (
          <fieldset
            key={q.id}
            className={`rounded-lg border p-4 ${error ? 'border-rose-400' : 'border-slate-200'}`}
            aria-describedby={error ? errorId : undefined}
            data-testid="challenge-question"
          >
            <legend className="px-1 text-sm font-semibold text-slate-900">
              {i + 1}. <Localized value={content(q, 'text')} />
            </legend>
            {multiple ? (
              <div className="mt-2 space-y-2">
                {q.options.map((o) => (
                  <label key={o.id} className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="radio" {...form.radio(`values.${i}.optionId`, String(o.id))} />
                    <Localized value={content(o, 'text')} />
                  </label>
                ))}
              </div>
            ) : (
              <label className="mt-2 block text-sm">
                <span className="sr-only">{t('user.yourAnswer', { n: i + 1 })}</span>
                <textarea
                  {...form.field(`values.${i}.text`)}
                  rows={3}
                  maxLength={CHALLENGE_ANSWER_MAX}
                  className="w-full rounded-md border border-slate-300 px-3 py-2"
                  aria-invalid={error ? true : undefined}
                />
              </label>
            )}
            {error && (
              <p id={errorId} className="mt-2 text-xs font-medium text-rose-700" role="alert">
                {error}
              </p>
            )}
          </fieldset>
        );
      })}
      {failure && (
        <p className="text-sm font-medium text-rose-700" role="alert">
          {failure}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={submit.isPending} data-testid="send-answers">
          {t('user.send')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('confirm.sendTitle')}
        message={t('confirm.send')}
        confirmLabel={t('user.send')}
        danger={false}
        busy={submit.isPending}
        onConfirm={() => void send()}
        onClose={() => setConfirming(false)}
      />
    </form>
  );
}

/**
 * /challenge: the active challenge of the user's store, with a clear state for each moment: none,
 * before its start (countdown to it), open (instructions, deadline countdown, questions), sent (the
 * answers), ended, and awarded (won or not).
 */
export function UserChallengeView() {
  const { t } = useTranslation('challenges');
  const content = useContent();
  const query = useUserChallenge();
  if (query.isPending) return <p className="text-sm text-slate-600">{t('loading', { ns: 'common' })}</p>;
  if (query.isError)
    return (
      <div role="alert" className="text-sm">
        <span className="text-rose-700">{t('loadError')}</span>{' '}
        <Button variant="ghost" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  const data = query.data;
  if (!data)
    return (
      <Notice testId="challenge-none">
        <p className="font-semibold">{t('user.none')}</p>
        <p>{t('user.noneHint')}</p>
      </Notice>
    );
  const { challenge: c, submission, now } = data;
  const refresh = () => void query.refetch();
  return (
    <article className="space-y-6" aria-labelledby="challenge-title" data-testid="user-challenge">
      <header className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
        <Localized as="h2" id="challenge-title" value={content(c, 'title')} className="text-xl font-bold text-slate-900" />
        <section aria-label={t('user.instructions')}>
          <h3 className="text-sm font-semibold text-slate-700">{t('user.instructions')}</h3>
          <Localized as="p" value={content(c, 'description')} className="text-sm whitespace-pre-line text-slate-700" />
        </section>
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">{t('user.prize')}</dt>
            <dd className="font-semibold text-slate-900">
              {t('user.prizeValue', { count: c.winners, points: formatPoints(c.pointsPerWinner) })}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('user.starts')}</dt>
            <dd className="text-slate-900">{formatDateTime(c.startsAt)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">{t('user.deadline')}</dt>
            <dd className="text-slate-900">{formatDateTime(c.endsAt)}</dd>
          </div>
        </dl>
        {c.status === 'open' && (
          <p className="text-sm text-slate-700" data-testid="time-left">
            {t('user.timeLeft')} <Countdown to={c.endsAt} serverNow={now} onDone={refresh} />
          </p>
        )}
        {c.status === 'scheduled' && (
          <p className="text-sm text-slate-700">
            {t('user.startsIn')} <Countdown to={c.startsAt} serverNow={now} onDone={refresh} />
          </p>
        )}
      </header>

      {c.status === 'scheduled' && (
        <Notice testId="challenge-scheduled">
          <p className="font-semibold">{t('user.scheduled', { date: formatDateTime(c.startsAt) })}</p>
          <p>{t('user.scheduledHint')}</p>
        </Notice>
      )}
      {submission && c.status === 'awarded' && submission.isWinner && (
        <Notice tone="success" testId="challenge-won">
          <p className="font-semibold">{t('user.won', { points: formatPoints(c.pointsPerWinner) })}</p>
          <p>{t('user.wonHint')}</p>
        </Notice>
      )}
      {submission && c.status === 'awarded' && !submission.isWinner && (
        <Notice testId="challenge-not-won">
          <p className="font-semibold">{t('user.notWon')}</p>
        </Notice>
      )}
      {submission && c.status !== 'awarded' && (
        <Notice tone="success" testId="challenge-sent">
          <p className="font-semibold">{t('user.sent', { date: formatDateTime(submission.submittedAt) })}</p>
          <p>{t('user.sentHint')}</p>
        </Notice>
      )}
      {!submission && c.status === 'ended' && (
        <Notice tone="warning" testId="challenge-ended">
          <p className="font-semibold">{t('user.ended', { date: formatDateTime(c.endsAt) })}</p>
        </Notice>
      )}
      {!submission && c.status === 'awarded' && (
        <Notice tone="warning" testId="challenge-ended">
          <p className="font-semibold">{t('user.closed')}</p>
        </Notice>
      )}
      {submission && <SentAnswers challenge={c} submission={submission} />}
      {!submission && c.status === 'open' && <AnswerForm key={c.id} challenge={c} />}
    </article>
  );
}
