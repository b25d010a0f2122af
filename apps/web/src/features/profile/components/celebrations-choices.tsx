import { useId, useState, type FormEvent } from 'react';
import { celebrationChoices, celebrationKinds, type CelebrationChoice, type CelebrationKind } from '@rewards/shared/celebration-rules';
import type { OwnCelebrations } from '@rewards/shared/celebrations';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-actions';
import { MonthDayInput } from '@/components/ui/month-day-input';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useSaveOwnCelebrations } from '../api/own-celebrations';

type Choices = Record<CelebrationKind, CelebrationChoice | null>;
/** A radio's value: a choice, or `default` for the store's (null in the API). */
const DEFAULT = 'default';

export function CelebrationsForm({ own }: { own: OwnCelebrations }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const save = useSaveOwnCelebrations();
  const [birthday, setBirthday] = useState(own.birthday ?? '');
  const [choices, setChoices] = useState<Choices>({ ...own.choices });
  const [error, setError] = useState<string>();
  const dirty = birthday !== (own.birthday ?? '') || celebrationKinds.some((k) => choices[k] !== own.choices[k]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    try {
      await save.mutateAsync({ birthday: birthday || null, choices });
      toast.success(t('celebrations.saved'));
    } catch (err) {
      setError(errorText(t, err));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5" data-testid="celebrations-form">
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('celebrations.birthday')}</legend>
        <p id={`${id}-birthday-hint`} className="mb-2 text-xs text-slate-600">
          {t('celebrations.birthdayHint')}
        </p>
        <MonthDayInput
          id={`${id}-birthday`}
          value={birthday}
          onChange={setBirthday}
          describedBy={`${id}-birthday-hint`}
          labels={{ month: t('celebrations.month'), day: t('celebrations.day'), none: t('celebrations.noBirthday') }}
        />
      </fieldset>
      <p className="text-sm text-slate-800" data-testid="celebrations-hire-date">
        <span className="font-medium">{t('celebrations.hireDate')}:</span>{' '}
        {own.hireDate ? formatDate(own.hireDate) : <span className="text-slate-600">{t('celebrations.noHireDate')}</span>}
      </p>
      {celebrationKinds.map((kind) => {
        const fallback = t(`celebrations.choices.${own.defaults[kind]}`);
        return (
          <fieldset key={kind} data-testid={`celebrations-choice-${kind}`}>
            <legend className="text-sm font-medium text-slate-800">{t(`celebrations.kinds.${kind}`)}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {[DEFAULT, ...celebrationChoices].map((value) => (
                <label key={value} className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name={`${id}-${kind}`}
                    value={value}
                    checked={(choices[kind] ?? DEFAULT) === value}
                    onChange={() => setChoices((c) => ({ ...c, [kind]: value === DEFAULT ? null : (value as CelebrationChoice) }))}
                    className="mt-0.5 h-4 w-4 shrink-0 border-slate-300"
                  />
                  <span>
                    {value === DEFAULT
                      ? t(own.storeDefaultsFrom === 'store' ? 'celebrations.storeDefault' : 'celebrations.programDefault', {
                          choice: fallback,
                        })
                      : t(`celebrations.choices.${value}`)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={save.isPending || !dirty} data-testid="celebrations-save">
          {t('common:actions.save')}
        </Button>
      </div>
    </form>
  );
}
