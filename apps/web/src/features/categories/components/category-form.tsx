import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Category, categoryUpdateSchema } from '@rewards/shared/categories';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/toast';
import { BilingualField } from '@/components/ui/bilingual-field';
import { FormActions } from '@/components/ui/form-actions';
import { ImageInput } from '@/components/ui/image-input';
import { errorCode, useErrorText } from '@/lib/error-text';
import { applyServerErrors, toFormData } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { useSaveCategory } from '../api/save-category';

type Values = z.input<typeof categoryUpdateSchema>;
/** The shared schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/categories').then((m) => m.categoryUpdateSchema));

/** Create or edit a category: title, description and picture are required (docs/architecture.md P5). */
export function CategoryForm({ storeId, category, onDone }: { storeId: number; category?: Category; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const message = useFieldMessage();
  const errorText = useErrorText();
  const save = useSaveCategory();
  const [files, setFiles] = useState<File[]>([]);
  const [pictureError, setPictureError] = useState<string>();
  const form = useForm<Values, unknown, z.output<typeof categoryUpdateSchema>>({
    resolver,
    defaultValues: {
      title: category?.title ?? '',
      titleEn: category?.titleEn ?? '',
      description: category?.description ?? '',
      descriptionEn: category?.descriptionEn ?? '',
    },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    if (!category && files.length === 0) {
      setPictureError(message('Required field'));
      return;
    }
    try {
      await save.mutateAsync({
        id: category?.id,
        form: toFormData({ ...values, storeId: category ? undefined : storeId }, { picture: files }),
      });
      toast.success(t(category ? 'messages.updated' : 'messages.created'));
      onDone();
    } catch (err) {
      if (!applyServerErrors(err, form.setError, ['title', 'titleEn', 'description', 'descriptionEn'])) {
        const code = errorCode(err);
        if (code === 'INVALID_IMAGE' || code === 'PAYLOAD_TOO_LARGE') setPictureError(errorText(err));
        else toast.error(errorText(err));
      }
    }
  });

  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="space-y-4">
      <BilingualField
        label={t('fields.title')}
        required
        errors={{ es: message(errors.title?.message), en: message(errors.titleEn?.message) }}
        es={<input {...form.register('title')} maxLength={120} />}
        en={<input {...form.register('titleEn')} maxLength={120} />}
        testId="field-title"
      />
      <BilingualField
        label={t('fields.description')}
        required
        errors={{ es: message(errors.description?.message), en: message(errors.descriptionEn?.message) }}
        es={<textarea {...form.register('description')} rows={3} maxLength={2000} />}
        en={<textarea {...form.register('descriptionEn')} rows={3} maxLength={2000} />}
        testId="field-description"
      />
      <ImageInput
        label={t('fields.picture')}
        files={files}
        onFiles={(f) => {
          setFiles(f);
          setPictureError(undefined);
        }}
        existing={category?.picture && files.length === 0 ? [{ id: 0, url: category.picture }] : []}
        error={pictureError}
        max={1}
      />
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} />
    </form>
  );
}
