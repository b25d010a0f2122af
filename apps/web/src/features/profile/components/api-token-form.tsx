import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { API_TOKEN_DEFAULT_DAYS, API_TOKEN_MAX_DAYS } from '@rewards/shared/user-rules';
import type { apiTokenFormSchema, ApiTokenCreated } from '@rewards/shared/users';
import { useTranslation } from '@/lib/use-translation';
import { Field } from '@/components/ui/field';
import { FormActions, FormError } from '@/components/ui/form-actions';
import { errorText } from '@/lib/error-text';
import { applyServerErrors } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { useCreateApiToken } from '../api/create-api-token';

type Values = z.input<typeof apiTokenFormSchema>;
/** The shared form schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/users').then((m) => m.apiTokenFormSchema));

/** A new personal API token: a name to tell it apart and how many days it lives (1–365, 90 unless changed). */
export function ApiTokenForm({ onCreated, onCancel }: { onCreated: (token: ApiTokenCreated) => void; onCancel: () => void }) {
  const { t } = useTranslation('profile');
  const message = useFieldMessage();
  const create = useCreateApiToken();
  const form = useForm<Values, unknown, z.output<typeof apiTokenFormSchema>>({
    resolver,
    defaultValues: { name: '', days: API_TOKEN_DEFAULT_DAYS },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(values));
    } catch (err) {
      if (!applyServerErrors(err, form.setError, ['name', 'days'])) form.setError('root', { message: errorText(t, err) });
    }
  });

  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="space-y-4" data-testid="api-token-form">
      <Field label={t('tokens.fields.name')} error={message(errors.name?.message)} hint={t('tokens.fields.nameHint')}>
        <input {...form.register('name')} maxLength={80} autoComplete="off" />
      </Field>
      <Field
        label={t('tokens.fields.days')}
        error={errors.days ? t('tokens.fields.daysRange') : undefined}
        hint={t('tokens.fields.daysHint')}
      >
        <input {...form.register('days')} type="number" inputMode="numeric" min={1} max={API_TOKEN_MAX_DAYS} step={1} className="sm:w-32" />
      </Field>
      <FormError message={errors.root?.message} />
      <FormActions onCancel={onCancel} submitting={form.formState.isSubmitting} submitLabel={t('tokens.submit')} />
    </form>
  );
}
