import type { ReactElement, ReactNode } from 'react';
import { givingPeriods } from '@rewards/shared/peer-rules';
import { useTranslation } from '@/lib/use-translation';
import { Field } from '@/components/ui/field';

export type GivingField = 'amount' | 'period' | 'minMessage' | 'shareCapPercent' | 'perReport';

/** The period's choices, in the reader's language. */
export function PeriodOptions() {
  const { t } = useTranslation('peer');
  return givingPeriods.map((p) => (
    <option key={p} value={p}>
      {t(`admin.periods.${p}`)}
    </option>
  ));
}

/**
 * The giving settings' fields, laid out once: the form fills them with its controls, and the frame shown
 * while the settings or the form's code load fills them with empty disabled ones, so the section is as tall
 * before as after and the company values below it never move (docs/decisions/0028-light-first-paint.md).
 */
export function GivingSettingsFields({
  control,
  errors = {},
  children,
}: {
  control: (name: GivingField) => ReactElement<Record<string, unknown>>;
  errors?: Partial<Record<GivingField, string>>;
  /** What follows the fields: the form's error and its button. */
  children: ReactNode;
}) {
  const { t } = useTranslation('peer');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('admin.amount')} hint={t('admin.amountHint')} error={errors.amount}>
          {control('amount')}
        </Field>
        <Field label={t('admin.period')} error={errors.period}>
          {control('period')}
        </Field>
        <Field label={t('admin.minMessage')} hint={t('admin.minMessageHint')} error={errors.minMessage}>
          {control('minMessage')}
        </Field>
        <Field label={t('admin.shareCap')} hint={t('admin.shareCapHint')} error={errors.shareCapPercent}>
          {control('shareCapPercent')}
        </Field>
        <Field label={t('admin.perReport')} hint={t('admin.perReportHint')} error={errors.perReport}>
          {control('perReport')}
        </Field>
      </div>
      {children}
    </>
  );
}
