import { useEffect, useId, useRef } from 'react';
import { useCopyField } from '@/lib/use-copy-field';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import type { WebhookEndpointWithSecret } from '../api/types';

/**
 * The signing secret of an endpoint just created or rotated, shown this once, with a Copy button (to the
 * clipboard where the browser allows it; else the field is selected to copy by hand). It takes the focus.
 */
export function EndpointSecret({ endpoint, onDone }: { endpoint: WebhookEndpointWithSecret; onDone: () => void }) {
  const { t } = useTranslation('webhooks');
  const heading = useRef<HTMLHeadingElement>(null);
  const id = useId();
  const { field, copy, copyToClipboard } = useCopyField(endpoint.secret);
  useEffect(() => {
    // After the form's dialog has closed, which gives the focus back to the button that opened it.
    const timer = setTimeout(() => heading.current?.focus());
    return () => clearTimeout(timer);
  }, []);
  return (
    <section
      className="space-y-4 rounded-xl border-2 border-amber-300 bg-white p-4 sm:p-5"
      aria-labelledby="webhook-secret-title"
      data-testid="webhook-secret-panel"
    >
      <h3 id="webhook-secret-title" ref={heading} tabIndex={-1} className="text-base font-semibold break-all text-slate-900 outline-none">
        {t('secret.title', { url: endpoint.url })}
      </h3>
      <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" role="alert">
        {t('secret.warning')}
      </p>
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {t('secret.label')}
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={field}
            id={id}
            readOnly
            value={endpoint.secret}
            onFocus={(e) => e.currentTarget.select()}
            spellCheck={false}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
            data-testid="webhook-secret"
          />
          <Button variant="secondary" onClick={() => void copyToClipboard()} aria-label={t('secret.copyLabel')}>
            {t('secret.copy')}
          </Button>
        </div>
        <p aria-live="polite" className={`min-h-4 text-xs ${copy === 'failed' ? 'font-medium text-rose-700' : 'text-emerald-800'}`}>
          {copy === 'copied' ? t('secret.copied') : copy === 'failed' ? t('secret.copyFailed') : ''}
        </p>
      </div>
      <p className="text-sm text-slate-600">{t('secret.usage')}</p>
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('secret.done')}</Button>
      </div>
    </section>
  );
}
