import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_PRODUCT_PICTURES } from '@rewards/shared/product-rules';
import type { Product, productFormSchema } from '@rewards/shared/products';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/toast';
import { BilingualField } from '@/components/ui/bilingual-field';
import { Field } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { ImageInput } from '@/components/ui/image-input';
import { markedText, useContent } from '@/components/ui/localized';
import { errorCode, useErrorText } from '@/lib/error-text';
import { applyServerErrors, toFormData } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { useSaveProduct } from '../api/save-product';

type Values = z.input<typeof productFormSchema>;
/** The shared schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/products').then((m) => m.productFormSchema));
const fieldNames = ['name', 'nameEn', 'description', 'descriptionEn', 'categoryId', 'price', 'stock', 'featured'] as const;

/** Create or edit a product with several pictures; a changed stock figure is recorded in the stock ledger. */
export function ProductForm({
  storeId,
  product,
  categories,
  onDone,
}: {
  storeId: number;
  product?: Product;
  categories: { id: number; title: string; titleEn?: string }[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['admin', 'errors']);
  const content = useContent();
  const message = useFieldMessage();
  const errorText = useErrorText();
  const save = useSaveProduct();
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [pictureError, setPictureError] = useState<string>();
  const form = useForm<Values, unknown, z.output<typeof productFormSchema>>({
    resolver,
    defaultValues: {
      name: product?.name ?? '',
      nameEn: product?.nameEn ?? '',
      description: product?.description ?? '',
      descriptionEn: product?.descriptionEn ?? '',
      categoryId: product?.categoryId ?? ('' as unknown as number),
      price: product?.price ?? ('' as unknown as number),
      stock: product?.stock ?? 0,
      featured: product?.featured ?? false,
    },
  });
  const errors = form.formState.errors;
  const existing = (product?.images ?? []).filter((i) => !removed.includes(i.id));

  const submit = form.handleSubmit(async (values) => {
    if (existing.length + files.length === 0) {
      setPictureError(t('errors:PICTURE_REQUIRED'));
      return;
    }
    try {
      const body = toFormData(
        { ...values, storeId: product ? undefined : storeId, removeImageIds: removed.length ? removed.join(',') : undefined },
        { pictures: files },
      );
      await save.mutateAsync({ id: product?.id, form: body });
      toast.success(t(product ? 'messages.updated' : 'messages.created'));
      onDone();
    } catch (err) {
      if (!applyServerErrors(err, form.setError, fieldNames)) {
        const code = errorCode(err);
        if (['INVALID_IMAGE', 'PAYLOAD_TOO_LARGE', 'PICTURE_REQUIRED'].includes(code)) setPictureError(errorText(err));
        else if (code === 'CATEGORY_OTHER_STORE') form.setError('categoryId', { message: errorText(err) });
        else toast.error(errorText(err));
      }
    }
  });

  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <BilingualField
          label={t('fields.name')}
          required
          errors={{ es: message(errors.name?.message), en: message(errors.nameEn?.message) }}
          es={<input {...form.register('name')} maxLength={120} />}
          en={<input {...form.register('nameEn')} maxLength={120} />}
          testId="field-name"
        />
      </div>
      <div className="sm:col-span-2">
        <BilingualField
          label={t('fields.description')}
          required
          errors={{ es: message(errors.description?.message), en: message(errors.descriptionEn?.message) }}
          es={<textarea {...form.register('description')} rows={4} maxLength={2000} />}
          en={<textarea {...form.register('descriptionEn')} rows={4} maxLength={2000} />}
          testId="field-description"
        />
      </div>
      <Field label={t('fields.category')} error={message(errors.categoryId?.message)}>
        <select {...form.register('categoryId')}>
          <option value="">{t('fields.choose')}</option>
          {categories.map((c) => (
            <option key={c.id} value={c.id}>
              {markedText(content(c, 'title'))}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('fields.price')} error={message(errors.price?.message)}>
        <input type="number" inputMode="numeric" min={0} step={1} {...form.register('price')} />
      </Field>
      <Field label={t('fields.stock')} error={message(errors.stock?.message)} hint={product ? t('fields.stockHint') : undefined}>
        <input type="number" inputMode="numeric" min={0} step={1} {...form.register('stock')} />
      </Field>
      <label className="flex items-center gap-2 self-end pb-2 text-sm font-medium text-slate-800">
        <input type="checkbox" {...form.register('featured')} className="h-4 w-4" />
        {t('fields.featured')}
      </label>
      <div className="sm:col-span-2">
        <ImageInput
          label={t('fields.pictures')}
          multiple
          files={files}
          onFiles={(f) => {
            setFiles(f);
            setPictureError(undefined);
          }}
          existing={existing}
          onRemoveExisting={(id) => setRemoved((r) => [...r, id])}
          error={pictureError}
          max={MAX_PRODUCT_PICTURES}
        />
      </div>
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} className="sm:col-span-2" />
    </form>
  );
}
