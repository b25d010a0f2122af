import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from '@/lib/use-translation';

/** What a dialog shows while its form's code loads (once, a moment). */
export function FormLoading() {
  const { t } = useTranslation();
  return (
    <p className="py-2 text-sm text-slate-600" aria-busy="true" data-testid="form-loading">
      {t('loading')}
    </p>
  );
}

/**
 * A form component fetched when it first renders, with `FormLoading` meanwhile: a list page whose forms
 * open in dialogs downloads neither the forms nor react-hook-form until one opens
 * (docs/decisions/0028-light-first-paint.md). Used at module level, in place of the form's import:
 *
 *   const StoreForm = lazyForm(() => import('./store-form').then((m) => m.StoreForm));
 */
export function lazyForm<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Form = lazy(async () => ({ default: await load() }));
  function LazyForm(props: P) {
    return (
      <Suspense fallback={<FormLoading />}>
        <Form {...props} />
      </Suspense>
    );
  }
  return LazyForm;
}
