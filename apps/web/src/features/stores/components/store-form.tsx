import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { Store, storeEditSchema } from '@rewards/shared/stores';
import { useTranslation } from '@/lib/use-translation';
import { Field } from '@/components/ui/field';
import { FormActions, FormError } from '@/components/ui/form-actions';
import { ApiError } from '@/lib/api';
import { applyServerErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFieldMessage } from '@/lib/validation';
import { errorText } from '@/lib/error-text';
import { useSaveStore } from '../api/save-store';

type Values = z.input<typeof storeEditSchema>;
/** The shared schema, loaded with zod when the form is first focused or validated (lib/lazy-resolver.ts). */
const resolver = lazyZodResolver(() => import('@rewards/shared/stores').then((m) => m.storeEditSchema));
const fields = ['title', 'location', 'lat', 'long', 'sedeId', 'inventoryId'] as const;

/** Create or edit a store (super administrators): name, address, coordinates, directory codes, and active when editing. */
export function StoreForm({ store, onDone }: { store?: Store; onDone: () => void }) {
  const { t } = useTranslation('stores');
  const message = useFieldMessage();
  const save = useSaveStore();
  const form = useForm<Values, unknown, z.output<typeof storeEditSchema>>({
    resolver,
    defaultValues: {
      title: store?.title ?? '',
      location: store?.location ?? '',
      lat: store?.lat ?? '',
      long: store?.long ?? '',
      sedeId: store?.sedeId ?? '',
      inventoryId: store?.inventoryId ?? '',
      active: store?.active ?? true,
    },
  });
  const errors = form.formState.errors;
  // Coordinates out of range get a sentence that says the range; an empty field is 'Required field'.
  const coordinateMessage = (key: 'lat' | 'long', text: string | undefined) =>
    !text || text === 'Required field' ? message(text) : t(`validation.${key}`);

  const submit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: store?.id, values });
      toast.success(t(store ? 'messages.updated' : 'messages.created'));
      onDone();
    } catch (err) {
      // Another store has this site code: said next to the field, in the interface's language.
      if (err instanceof ApiError && err.code === 'SEDE_ID_TAKEN') form.setError('sedeId', { message: t('errors:SEDE_ID_TAKEN') });
      else if (!applyServerErrors(err, form.setError, fields)) {
        form.setError('root', { message: errorText(t, err) });
      }
    }
  });

  return (
    <form onSubmit={submit} onFocusCapture={resolver.prefetch} noValidate className="space-y-4" data-testid="store-form">
      <Field label={t('fields.title')} error={message(errors.title?.message)}>
        <input {...form.register('title')} maxLength={120} autoComplete="off" />
      </Field>
      <Field label={t('fields.location')} error={message(errors.location?.message)}>
        <input {...form.register('location')} maxLength={300} autoComplete="off" />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.lat')} error={coordinateMessage('lat', errors.lat?.message)} hint={t('fields.latHint')}>
          <input {...form.register('lat')} type="number" inputMode="decimal" step="any" min={-90} max={90} />
        </Field>
        <Field label={t('fields.long')} error={coordinateMessage('long', errors.long?.message)} hint={t('fields.longHint')}>
          <input {...form.register('long')} type="number" inputMode="decimal" step="any" min={-180} max={180} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('fields.sedeId')} error={message(errors.sedeId?.message)} hint={t('fields.sedeIdHint')}>
          <input {...form.register('sedeId')} maxLength={40} autoComplete="off" />
        </Field>
        <Field label={t('fields.inventoryId')} error={message(errors.inventoryId?.message)} hint={t('fields.inventoryIdHint')}>
          <input {...form.register('inventoryId')} maxLength={40} autoComplete="off" />
        </Field>
      </div>
      {store && (
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" {...form.register('active')} className="h-4 w-4 rounded border-slate-300" />
          {t('fields.active')}
        </label>
      )}
      <FormError message={errors.root?.message} />
      <FormActions onCancel={onDone} submitting={form.formState.isSubmitting} />
    </form>
  );
}
