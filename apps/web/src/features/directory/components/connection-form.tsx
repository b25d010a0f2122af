import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { directoryConnectionCreateSchema } from '@rewards/shared/directory';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS } from '@rewards/shared/user-rules';
import { useTranslation } from '@/lib/use-translation';
import { Field } from '@/components/ui/field';
import { FormActions, FormError } from '@/components/ui/form-actions';
import { applyServerErrors } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { useCreateConnection } from '../api/connections';
import { officeAttributes, type DirectoryConnectionCreated } from '../api/types';
import { directoryErrorText } from './texts';

type Schema = typeof directoryConnectionCreateSchema;
/** The contract's schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/directory').then((m) => m.directoryConnectionCreateSchema));

/**
 * A new SCIM connection: a name to tell it apart, how many days its token lives (1–365, 90 unless changed)
 * and the attribute its directory names a person's office in.
 */
export function ConnectionForm({ onCreated, onCancel }: { onCreated: (c: DirectoryConnectionCreated) => void; onCancel: () => void }) {
  const { t } = useTranslation('directory');
  const message = useFieldMessage();
  const create = useCreateConnection();
  const form = useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver,
    defaultValues: { name: '', days: API_TOKEN_DEFAULT_DAYS, officeAttribute: 'organization' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch (err) {
      if (!applyServerErrors(err, form.setError, ['name', 'days', 'officeAttribute']))
        form.setError('root', { message: directoryErrorText(t, err) });
    }
  });

  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="space-y-4" data-testid="directory-connection-form">
      <Field label={t('connections.fields.name')} error={message(errors.name?.message)} hint={t('connections.fields.nameHint')}>
        <input {...form.register('name')} maxLength={80} autoComplete="off" />
      </Field>
      <Field
        label={t('connections.fields.days')}
        error={errors.days ? t('connections.fields.daysRange') : undefined}
        hint={t('connections.fields.daysHint')}
      >
        <input
          {...form.register('days', { valueAsNumber: true })}
          type="number"
          inputMode="numeric"
          min={1}
          max={API_TOKEN_MAX_DAYS}
          step={1}
          className="sm:w-32"
        />
      </Field>
      <Field
        label={t('connections.fields.officeAttribute')}
        error={message(errors.officeAttribute?.message)}
        hint={t('connections.fields.officeAttributeHint')}
      >
        <select {...form.register('officeAttribute')} data-testid="directory-office-attribute">
          {officeAttributes.map((a) => (
            <option key={a} value={a}>
              {t(`officeAttributes.${a}`)}
            </option>
          ))}
        </select>
      </Field>
      <FormError message={errors.root?.message} />
      <FormActions onCancel={onCancel} submitting={form.formState.isSubmitting} submitLabel={t('connections.submit')} />
    </form>
  );
}
