import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Banner, bannerFormSchema } from '@rewards/shared/banners';
import { useTranslation } from '@/lib/use-translation';
import { toast } from '@/lib/toast';
import { BilingualField } from '@/components/ui/bilingual-field';
import { Field } from '@/components/ui/field';
import { FormActions } from '@/components/ui/form-actions';
import { ImageInput } from '@/components/ui/image-input';
import { errorCode, useErrorText } from '@/lib/error-text';
import { applyServerErrors, toFormData } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { useSaveBanner } from '../api/save-banner';

type Values = z.input<typeof bannerFormSchema>;
/** The shared schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/banners').then((m) => m.bannerFormSchema));

export function BannerForm({ storeId, banner, onDone }: { storeId: number; banner?: Banner; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const message = useFieldMessage();
  const errorText = useErrorText();
  const save = useSaveBanner();
  const [files, setFiles] = useState<File[]>([]);
  const [pictureError, setPictureError] = useState<string>();
  const form = useForm<Values, unknown, z.output<typeof bannerFormSchema>>({
    resolver,
    defaultValues: { title: banner?.title ?? '', titleEn: banner?.titleEn ?? '', position: banner?.position ?? 0 },
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit(async (values) => {
    if (!banner && files.length === 0) {
      setPictureError(message('Required field'));
      return;
    }
    try {
      await save.mutateAsync({
        id: banner?.id,
        form: toFormData({ ...values, storeId: banner ? undefined : storeId }, { picture: files }),
      });
      toast.success(t(banner ? 'messages.updated' : 'messages.created'));
      onDone();
    } catch (err) {
      if (!applyServerErrors(err, form.setError, ['title', 'titleEn', 'position'])) {
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
      <Field label={t('fields.position')} error={message(errors.position?.message)} hint={t('fields.positionHint')}>
        <input type="number" min={0} step={1} {...form.register('position')} />
      </Field>
      <ImageInput
        label={t('fields.picture')}
        files={files}
        onFiles={(f) => {
          setFiles(f);
          setPictureError(undefined);
        }}
        existing={banner && files.length === 0 ? [{ id: 0, url: banner.picture }] : []}
        error={pictureError}
        max={1}
      />
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} />
    </form>
  );
}
