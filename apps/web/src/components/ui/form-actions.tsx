import { useTranslation } from '@/lib/use-translation';
import { Button } from './button';

/** A dialog form's footer: Cancel, and its submit button (Save unless `submitLabel`), disabled while it submits. */
export function FormActions({
  onCancel,
  submitting,
  submitLabel,
  className = '',
}: {
  onCancel: () => void;
  submitting: boolean;
  submitLabel?: string;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <div className={`flex justify-end gap-2 ${className}`}>
      <Button variant="secondary" onClick={onCancel}>
        {t('actions.cancel')}
      </Button>
      <Button type="submit" disabled={submitting}>
        {submitLabel ?? t('actions.save')}
      </Button>
    </div>
  );
}

/** A form's error that belongs to no field (`errors.root`), announced when it appears; `inline` without the box. */
export function FormError({ message, inline = false, className = '' }: { message?: string; inline?: boolean; className?: string }) {
  if (!message) return null;
  const look = inline
    ? 'text-sm font-medium text-rose-700'
    : 'rounded-md border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900';
  return (
    <p role="alert" className={`${look} ${className}`}>
      {message}
    </p>
  );
}
