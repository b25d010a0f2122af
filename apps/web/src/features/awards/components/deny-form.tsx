import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-actions';
import { DENY_REASON } from '../api/types';

/** A denial's reason (3-500 characters, the giver reads it): the confirmation a denial asks for. */
export function DenyForm({
  busy,
  error,
  onDeny,
  onCancel,
}: {
  busy: boolean;
  error?: string;
  onDeny: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('awards');
  const id = useId();
  const [reason, setReason] = useState('');
  const [checked, setChecked] = useState(false);
  const length = reason.trim().length;
  const invalid = length < DENY_REASON.min || length > DENY_REASON.max;

  function submit(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    if (!invalid) onDeny(reason.trim());
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="deny-form">
      <label htmlFor={`${id}-reason`} className="block text-sm font-medium text-slate-800">
        {t('deny.reason')}
      </label>
      <textarea
        id={`${id}-reason`}
        rows={3}
        autoFocus
        value={reason}
        maxLength={DENY_REASON.max + 50}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={(checked && invalid) || undefined}
        aria-describedby={`${id}-hint`}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
        data-testid="deny-reason"
      />
      <p
        id={`${id}-hint`}
        className={`text-xs ${checked && invalid ? 'font-medium text-rose-700' : 'text-slate-500'}`}
        role={checked && invalid ? 'alert' : undefined}
      >
        {t('deny.hint', { min: DENY_REASON.min, max: DENY_REASON.max })}
      </p>
      {error && <FormError message={error} />}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="danger" disabled={busy} data-testid="deny-confirm">
          {t('deny.confirm')}
        </Button>
      </div>
    </form>
  );
}
