import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { VALUE_EMOJI_MAX, VALUE_NAME_MAX } from '@rewards/shared/peer-rules';
import type { valueCreateSchema } from '@rewards/shared/peer';
import { useTranslation } from '@/lib/use-translation';
import { BilingualField } from '@/components/ui/bilingual-field';
import { Field } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { errorText } from '@/lib/error-text';
import { useSaveValue } from '../api/save-value';
import type { CompanyValue } from '../api/types';

type Values = z.input<typeof valueCreateSchema>;
type Output = z.output<typeof valueCreateSchema>;
const resolver = lazyZodResolver(() => import('@rewards/shared/peer').then((m) => m.valueCreateSchema));

/** Create or edit a company value: its name in Spanish, English or both, an emoji and a colour, both optional. */
export function ValueForm({ storeId, value, onDone }: { storeId: number; value?: CompanyValue; onDone: () => void }) {
  const { t } = useTranslation('peer');
  const message = useFieldMessage();
  const save = useSaveValue(storeId);
  const form = useForm<Values, unknown, Output>({
    resolver,
    defaultValues: { name: value?.name ?? '', nameEn: value?.nameEn ?? '', emoji: value?.emoji ?? '', color: value?.color ?? '' },
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    const body = { name: values.name ?? '', nameEn: values.nameEn ?? '', emoji: values.emoji || null, color: values.color || null };
    try {
      await save.mutateAsync({ id: value?.id, body });
      toast.success(t(value ? 'admin.values.updated' : 'admin.values.created'));
      onDone();
    } catch (err) {
      if (!applyServerErrors(err, form.setError, ['name', 'nameEn', 'emoji', 'color'])) toast.error(errorText(t, err));
    }
  });
  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="space-y-4" data-testid="value-form">
      <BilingualField
        label={t('admin.values.name')}
        required
        errors={{ es: message(errors.name?.message), en: message(errors.nameEn?.message) }}
        es={<input {...form.register('name')} maxLength={VALUE_NAME_MAX} autoComplete="off" />}
        en={<input {...form.register('nameEn')} maxLength={VALUE_NAME_MAX} autoComplete="off" />}
        testId="value-name"
      />
      <div className="grid grid-cols-2 gap-4">
        <Field label={t('admin.values.emoji')} hint={t('admin.values.emojiHint')} error={message(errors.emoji?.message)}>
          <input {...form.register('emoji')} maxLength={VALUE_EMOJI_MAX} autoComplete="off" data-testid="value-emoji" />
        </Field>
        <Field label={t('admin.values.color')} hint={t('admin.values.colorHint')} error={message(errors.color?.message)}>
          <input {...form.register('color')} maxLength={7} placeholder="#4f46e5" autoComplete="off" data-testid="value-color" />
        </Field>
      </div>
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} />
    </form>
  );
}
