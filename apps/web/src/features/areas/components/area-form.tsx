import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { areaFormSchema, type Area } from '@rewards/shared/areas';
import { useTranslation } from '@/lib/use-translation';
import { Field } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useFieldMessage } from '@/lib/validation';
import { errorText } from '@/lib/error-text';
import { useSaveArea } from '../api/save-area';

type Values = z.input<typeof areaFormSchema>;

/** Create or edit an area: name and description are required (docs/architecture.md P5). */
export function AreaForm({ storeId, area, onDone }: { storeId: number; area?: Area; onDone: () => void }) {
  const { t } = useTranslation('rewards');
  const message = useFieldMessage();
  const save = useSaveArea();
  const form = useForm<Values, unknown, z.output<typeof areaFormSchema>>({
    resolver: zodResolver(areaFormSchema),
    defaultValues: { name: area?.name ?? '', description: area?.description ?? '' },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: area?.id, storeId, values });
      toast.success(t(area ? 'messages.updated' : 'messages.created'));
      onDone();
    } catch (err) {
      if (!applyServerErrors(err, form.setError, ['name', 'description'])) {
        toast.error(errorText(t, err));
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <Field label={t('fields.name')} error={message(errors.name?.message)}>
        <input {...form.register('name')} maxLength={120} autoComplete="off" />
      </Field>
      <Field label={t('fields.description')} error={message(errors.description?.message)}>
        <textarea {...form.register('description')} rows={3} maxLength={2000} />
      </Field>
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} />
    </form>
  );
}
