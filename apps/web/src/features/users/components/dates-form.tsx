import { useId, useState, type FormEvent } from 'react';
import type { UserListItem } from '@rewards/shared/users';
import { useTranslation } from '@/lib/use-translation';
import { DateInput } from '@/components/ui/date-input';
import { FormActions, FormError } from '@/components/ui/form-actions';
import { FormLoading } from '@/components/ui/lazy-form';
import { MonthDayInput } from '@/components/ui/month-day-input';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import { localDay } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useUser } from '../api/get-user';
import { useUpdateUserDates } from '../api/update-user-dates';

/** How far after today a hire date may be (as the server's check, HIRE_DATE_OUT_OF_RANGE). */
const HIRE_DATE_AHEAD_DAYS = 365;
const HIRE_DATE_MIN = '1900-01-01';

function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * An administrator sets a person's birthday (a month and a day: the year is never asked, kept or shown) and
 * hire date, which their celebrations come from (docs/architecture.md A6.17). Either may be left empty.
 */
export function DatesForm({ user, onDone }: { user: UserListItem; onDone: () => void }) {
  const detail = useUser(user.id);
  const { t } = useTranslation('users');
  if (detail.isError)
    return (
      <p role="alert" className="text-sm text-rose-700">
        {errorText(t, detail.error)}
      </p>
    );
  if (!detail.data) return <FormLoading />;
  return <DatesFields user={user} birthday={detail.data.birthday ?? ''} hireDate={detail.data.hireDate ?? ''} onDone={onDone} />;
}

function DatesFields({
  user,
  birthday: savedBirthday,
  hireDate: savedHireDate,
  onDone,
}: {
  user: UserListItem;
  birthday: string;
  hireDate: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('users');
  const id = useId();
  const update = useUpdateUserDates();
  const [birthday, setBirthday] = useState(savedBirthday);
  const [hireDate, setHireDate] = useState(savedHireDate);
  const [hireError, setHireError] = useState<string>();
  const [error, setError] = useState<string>();
  const today = localDay(new Date());
  const max = addDays(today, HIRE_DATE_AHEAD_DAYS);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    setHireError(undefined);
    if (hireDate && (hireDate < HIRE_DATE_MIN || hireDate > max)) return setHireError(t('dates.hireRange'));
    try {
      await update.mutateAsync({ id: user.id, birthday: birthday || null, hireDate: hireDate || null });
      toast.success(t('dates.saved'));
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'HIRE_DATE_OUT_OF_RANGE') setHireError(errorText(t, err));
      else setError(errorText(t, err));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-5" data-testid="dates-form">
      <p className="text-sm text-slate-600">{user.email}</p>
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t('dates.birthday')}</legend>
        <p id={`${id}-birthday-hint`} className="mb-2 text-xs text-slate-600">
          {t('dates.birthdayHint')}
        </p>
        <MonthDayInput
          id={`${id}-birthday`}
          value={birthday}
          onChange={setBirthday}
          describedBy={`${id}-birthday-hint`}
          labels={{ month: t('dates.month'), day: t('dates.day'), none: t('dates.noBirthday') }}
        />
      </fieldset>
      <div className="space-y-1">
        <label htmlFor={`${id}-hire`} className="block text-sm font-medium text-slate-800">
          {t('dates.hireDate')}
        </label>
        <DateInput
          id={`${id}-hire`}
          value={hireDate}
          onChange={(v) => {
            setHireDate(v);
            setHireError(undefined);
          }}
          min={HIRE_DATE_MIN}
          max={max}
          aria-invalid={hireError ? true : undefined}
          data-testid="dates-hire"
        />
        <p className="text-xs text-slate-600">{t('dates.hireHint')}</p>
        {hireError && (
          <p role="alert" className="text-xs font-medium text-rose-700">
            {hireError}
          </p>
        )}
      </div>
      <FormError message={error} />
      <FormActions onCancel={onDone} submitting={update.isPending} />
    </form>
  );
}
