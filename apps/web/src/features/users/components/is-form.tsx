import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { EMPLOYEE_ID_MAX } from '@rewards/shared/user-rules';
import type { UserListItem, userIsUpdateSchema } from '@rewards/shared/users';
import { useTranslation } from '@/lib/use-translation';
import { Field } from '@/components/ui/field';
import { FormActions, FormError } from '@/components/ui/form-actions';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { useUpdateUserIs } from '../api/update-user-is';

type Values = z.input<typeof userIsUpdateSchema>;
/** The shared schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/users').then((m) => m.userIsUpdateSchema));

/**
 * An administrator corrects a user's IS (employee id): the inactive-user message asks people to verify it,
 * and they cannot sign in to do so themselves. Unique among users; empty clears it.
 */
export function IsForm({ user, onDone }: { user: UserListItem; onDone: () => void }) {
  const { t } = useTranslation('users');
  const message = useFieldMessage();
  const update = useUpdateUserIs();
  const form = useForm<Values, unknown, z.output<typeof userIsUpdateSchema>>({
    resolver,
    defaultValues: { is: user.is ?? '' },
  });
  const error = form.formState.errors.is?.message;

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: user.id, is: values.is });
      toast.success(t('messages.isSaved'));
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'IS_TAKEN') form.setError('is', { message: t('errors:IS_TAKEN') });
      else if (!applyServerErrors(err, form.setError, ['is'])) form.setError('root', { message: errorText(t, err) });
    }
  });

  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="space-y-4" data-testid="is-form">
      <p className="text-sm text-slate-600">{user.email}</p>
      <Field
        label={t('is.label')}
        error={error === 'Only letters, digits, and . - _ between them' ? t('is.format') : message(error)}
        hint={t('is.hint')}
      >
        <input {...form.register('is')} maxLength={EMPLOYEE_ID_MAX} autoComplete="off" spellCheck={false} />
      </Field>
      <FormError message={form.formState.errors.root?.message} />
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} />
    </form>
  );
}
