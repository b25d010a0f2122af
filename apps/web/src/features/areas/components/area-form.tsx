import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Area, areaFormSchema } from '@rewards/shared/areas';
import { useTranslation } from '@/lib/use-translation';
import { BilingualField } from '@/components/ui/bilingual-field';
import { FormActions } from '@/components/ui/form-actions';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { errorText } from '@/lib/error-text';
import { useSaveArea } from '../api/save-area';

type Values = z.input<typeof areaFormSchema>;
/** The shared schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/areas').then((m) => m.areaFormSchema));

/** Create or edit an area: name and description are required (docs/architecture.md P5). */
export function AreaForm({ storeId, area, onDone }: { storeId: number; area?: Area; onDone: () => void }) {
  const { t } = useTranslation('rewards');
  const message = useFieldMessage();
  const save = useSaveArea();
  const form = useForm<Values, unknown, z.output<typeof areaFormSchema>>({
    resolver,
    defaultValues: {
      name: area?.name ?? '',
      nameEn: area?.nameEn ?? '',
      description: area?.description ?? '',
      descriptionEn: area?.descriptionEn ?? '',
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: area?.id, storeId, values });
      toast.success(t(area ? 'messages.updated' : 'messages.created'));
      onDone();
    } catch (err) {
      if (!applyServerErrors(err, form.setError, ['name', 'nameEn', 'description', 'descriptionEn'])) {
        toast.error(errorText(t, err));
      }
    }
  });

  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="space-y-4">
      <BilingualField
        label={t('fields.name')}
        required
        errors={{ es: message(errors.name?.message), en: message(errors.nameEn?.message) }}
        es={<input {...form.register('name')} maxLength={120} autoComplete="off" />}
        en={<input {...form.register('nameEn')} maxLength={120} autoComplete="off" />}
        testId="field-name"
      />
      <BilingualField
        label={t('fields.description')}
        required
        errors={{ es: message(errors.description?.message), en: message(errors.descriptionEn?.message) }}
        es={<textarea {...form.register('description')} rows={3} maxLength={2000} />}
        en={<textarea {...form.register('descriptionEn')} rows={3} maxLength={2000} />}
        testId="field-description"
      />
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} />
    </form>
  );
}
