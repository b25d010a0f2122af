import { useEffect } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import {
  CHALLENGE_OPTION_MAX,
  CHALLENGE_QUESTION_MAX,
  MAX_CHALLENGE_OPTIONS,
  MAX_CHALLENGE_QUESTIONS,
} from '@rewards/shared/challenge-rules';
import type { Challenge, ChallengeForm as ChallengeFormOutput, ChallengeFormInput } from '@rewards/shared/challenges';
import { challengeTypes } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';
import { BilingualField } from '@/components/ui/bilingual-field';
import { DateInput } from '@/components/ui/date-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { FormActions, FormError } from '@/components/ui/form-actions';
import { applyServerErrors } from '@/lib/form-errors';
import { errorCode, useErrorText } from '@/lib/error-text';
import { formatPoints } from '@/lib/format';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { toast } from '@/lib/toast';
import { useSaveChallenge } from '../api/save-challenge';
import { useChallengeMessage } from './field-message';

type Values = ChallengeFormInput;
/** The shared schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/challenges').then((m) => m.challengeFormSchema));
type Form = UseFormReturn<Values, unknown, ChallengeFormOutput>;
const fieldNames = [
  'title',
  'titleEn',
  'description',
  'descriptionEn',
  'type',
  'startsAt',
  'endsAt',
  'winners',
  'pointsPerWinner',
  'questions',
] as const;

/** An instant as the value of a date-and-time field (YYYY-MM-DDTHH:mm on the reader's own clock), and back. */
function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}
function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString();
}

const emptyOption = () => ({ text: '', textEn: '', isCorrect: false });
const emptyQuestion = () => ({ text: '', textEn: '', options: [emptyOption(), emptyOption()] });

/** Errors of an array set by a refinement arrive as the array's own message or its `root`. */
function arrayMessage(error: unknown): string | undefined {
  const e = error as { message?: string; root?: { message?: string } } | undefined;
  return e?.message ?? e?.root?.message;
}

function Options({ form, index, control }: { form: Form; index: number; control: Control<Values, unknown, ChallengeFormOutput> }) {
  const { t } = useTranslation('challenges');
  const message = useChallengeMessage();
  const { fields, append, remove } = useFieldArray({ control, name: `questions.${index}.options` });
  const options = useWatch({ control, name: `questions.${index}.options` }) ?? [];
  const correct = options.findIndex((o) => o?.isCorrect);
  const errors = form.formState.errors.questions?.[index]?.options;
  const groupError = message(arrayMessage(errors));
  const name = `correct-${index}`;

  function choose(i: number) {
    options.forEach((_, j) => form.setValue(`questions.${index}.options.${j}.isCorrect`, j === i, { shouldDirty: true }));
    if (form.formState.isSubmitted) void form.trigger(`questions.${index}.options`);
  }

  return (
    <fieldset className="space-y-2" aria-describedby={groupError ? `${name}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t('form.options', { n: index + 1 })}</legend>
      <p className="text-xs text-slate-500">{t('form.optionsHint')}</p>
      {fields.map((f, i) => (
        <div key={f.id} className="flex items-start gap-2">
          <label className="mt-2 flex items-center gap-1 text-xs text-slate-700">
            <input type="radio" name={name} checked={correct === i} onChange={() => choose(i)} />
            <span className="sr-only">{t('form.correctOption', { q: index + 1, o: i + 1 })}</span>
            <span aria-hidden="true">{t('form.correct')}</span>
          </label>
          <div className="min-w-0 flex-1">
            <BilingualField
              label={t('form.option', { q: index + 1, o: i + 1 })}
              errors={{ es: message(errors?.[i]?.text?.message), en: message(errors?.[i]?.textEn?.message) }}
              es={<input {...form.register(`questions.${index}.options.${i}.text`)} maxLength={CHALLENGE_OPTION_MAX} autoComplete="off" />}
              en={
                <input {...form.register(`questions.${index}.options.${i}.textEn`)} maxLength={CHALLENGE_OPTION_MAX} autoComplete="off" />
              }
            />
          </div>
          <Button
            variant="ghost"
            className="mt-6 px-2 text-rose-700"
            onClick={() => remove(i)}
            disabled={fields.length <= 2}
            aria-label={t('form.removeOption', { q: index + 1, o: i + 1 })}
          >
            ×
          </Button>
        </div>
      ))}
      {groupError && (
        <p id={`${name}-error`} className="text-xs font-medium text-rose-700" role="alert">
          {groupError}
        </p>
      )}
      <Button variant="secondary" onClick={() => append(emptyOption())} disabled={fields.length >= MAX_CHALLENGE_OPTIONS}>
        {t('form.addOption')}
      </Button>
    </fieldset>
  );
}

/**
 * Create or edit a challenge: the type decides whether questions carry options (multiple choice: 2 or
 * more, one right) or not (open-ended); the total is winners x points. Dates are typed on the reader's
 * clock and sent as instants.
 */
export function ChallengeForm({ storeId, challenge, onDone }: { storeId: number; challenge?: Challenge; onDone: () => void }) {
  const { t } = useTranslation('challenges');
  const message = useChallengeMessage();
  const errorText = useErrorText();
  const save = useSaveChallenge();
  const form = useForm<Values, unknown, ChallengeFormOutput>({
    resolver,
    defaultValues: {
      title: challenge?.title ?? '',
      titleEn: challenge?.titleEn ?? '',
      description: challenge?.description ?? '',
      descriptionEn: challenge?.descriptionEn ?? '',
      type: challenge?.type ?? 'multiple_choice',
      startsAt: challenge?.startsAt ?? '',
      endsAt: challenge?.endsAt ?? '',
      winners: challenge?.winners ?? 1,
      pointsPerWinner: challenge?.pointsPerWinner ?? '',
      questions: challenge
        ? challenge.questions.map((q) => ({
            text: q.text,
            textEn: q.textEn ?? '',
            options: q.options.map((o) => ({ text: o.text, textEn: o.textEn ?? '', isCorrect: o.isCorrect })),
          }))
        : [emptyQuestion()],
    },
  });
  const { control } = form;
  const errors = form.formState.errors;
  const questions = useFieldArray({ control, name: 'questions' });
  const [type, winners, points] = useWatch({ control, name: ['type', 'winners', 'pointsPerWinner'] });
  const multiple = type === 'multiple_choice';
  const total = Number(winners) > 0 && Number(points) > 0 ? Number(winners) * Number(points) : null;

  // Open-ended questions carry no options; multiple choice ones start with two empty ones.
  useEffect(() => {
    questions.fields.forEach((_, i) => {
      const options = form.getValues(`questions.${i}.options`) ?? [];
      if (!multiple && options.length) form.setValue(`questions.${i}.options`, []);
      if (multiple && options.length === 0) form.setValue(`questions.${i}.options`, [emptyOption(), emptyOption()]);
    });
  }, [multiple, questions.fields, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: challenge?.id, storeId, values });
      toast.success(t(challenge ? 'messages.updated' : 'messages.created'));
      onDone();
    } catch (err) {
      if (!applyServerErrors(err, form.setError, fieldNames)) form.setError('root', { message: errorText(err) });
      if (errorCode(err) !== 'VALIDATION_FAILED') toast.error(errorText(err));
    }
  });

  return (
    <form
      onSubmit={submit}
      onFocusCapture={resolver.prefetch}
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      data-testid="challenge-form"
    >
      <div className="sm:col-span-2">
        <BilingualField
          label={t('form.title')}
          required
          errors={{ es: message(errors.title?.message), en: message(errors.titleEn?.message) }}
          es={<input {...form.register('title')} maxLength={120} autoComplete="off" />}
          en={<input {...form.register('titleEn')} maxLength={120} autoComplete="off" />}
          testId="field-title"
        />
      </div>
      <div className="sm:col-span-2">
        <BilingualField
          label={t('form.description')}
          required
          hint={t('form.descriptionHint')}
          errors={{ es: message(errors.description?.message), en: message(errors.descriptionEn?.message) }}
          es={<textarea {...form.register('description')} rows={3} maxLength={2000} />}
          en={<textarea {...form.register('descriptionEn')} rows={3} maxLength={2000} />}
          testId="field-description"
        />
      </div>
      <Field label={t('form.type')} error={message(errors.type?.message)}>
        <select {...form.register('type')}>
          {challengeTypes.map((ct) => (
            <option key={ct} value={ct}>
              {t(`types.${ct}`)}
            </option>
          ))}
        </select>
      </Field>
      <div />
      <Controller
        control={control}
        name="startsAt"
        render={({ field }) => (
          <Field label={t('form.startsAt')} error={message(errors.startsAt?.message, 'validation.dateRequired')}>
            <DateInput
              withTime
              value={toLocalInput(field.value)}
              onChange={(value) => field.onChange(fromLocalInput(value))}
              onBlur={field.onBlur}
            />
          </Field>
        )}
      />
      <Controller
        control={control}
        name="endsAt"
        render={({ field }) => (
          <Field label={t('form.endsAt')} error={message(errors.endsAt?.message, 'validation.dateRequired')}>
            <DateInput
              withTime
              value={toLocalInput(field.value)}
              onChange={(value) => field.onChange(fromLocalInput(value))}
              onBlur={field.onBlur}
            />
          </Field>
        )}
      />
      <Field label={t('form.winners')} error={message(errors.winners?.message)}>
        <input type="number" inputMode="numeric" min={1} step={1} {...form.register('winners')} />
      </Field>
      <Field label={t('form.pointsPerWinner')} error={message(errors.pointsPerWinner?.message)}>
        <input type="number" inputMode="numeric" min={1} step={1} {...form.register('pointsPerWinner')} />
      </Field>
      <p className="text-sm text-slate-700 sm:col-span-2" data-testid="challenge-total">
        {t('form.total')}: <strong>{total === null ? '—' : formatPoints(total)}</strong>
      </p>

      <section className="space-y-4 sm:col-span-2" aria-labelledby="challenge-questions">
        <h3 id="challenge-questions" className="text-base font-semibold text-slate-900">
          {t('form.questions')}
        </h3>
        {questions.fields.map((q, i) => (
          <div key={q.id} className="space-y-3 rounded-lg border border-slate-200 p-3" data-testid="question-editor">
            <div className="flex items-start gap-2">
              <div className="flex-1">
                <BilingualField
                  label={t('form.question', { n: i + 1 })}
                  required
                  errors={{ es: message(errors.questions?.[i]?.text?.message), en: message(errors.questions?.[i]?.textEn?.message) }}
                  es={<input {...form.register(`questions.${i}.text`)} maxLength={CHALLENGE_QUESTION_MAX} autoComplete="off" />}
                  en={<input {...form.register(`questions.${i}.textEn`)} maxLength={CHALLENGE_QUESTION_MAX} autoComplete="off" />}
                />
              </div>
              <Button
                variant="ghost"
                className="mt-6 px-2 text-rose-700"
                onClick={() => questions.remove(i)}
                disabled={questions.fields.length <= 1}
              >
                {t('form.removeQuestion')}
                <span className="sr-only"> {i + 1}</span>
              </Button>
            </div>
            {multiple && <Options form={form} index={i} control={control} />}
          </div>
        ))}
        {arrayMessage(errors.questions) && (
          <p className="text-xs font-medium text-rose-700" role="alert">
            {message(arrayMessage(errors.questions))}
          </p>
        )}
        <Button
          variant="secondary"
          onClick={() => questions.append(multiple ? emptyQuestion() : { text: '', textEn: '', options: [] })}
          disabled={questions.fields.length >= MAX_CHALLENGE_QUESTIONS}
        >
          {t('form.addQuestion')}
        </Button>
      </section>

      <FormError message={errors.root?.message} inline className="sm:col-span-2" />
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} className="sm:col-span-2" />
    </form>
  );
}
