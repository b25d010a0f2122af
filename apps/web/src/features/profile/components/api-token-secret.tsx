import { useId } from 'react';
import type { ApiTokenCreated } from '@rewards/shared/users';
import { useCopyField } from '@/lib/use-copy-field';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';

/**
 * The secret of a token just created, shown this once: the server keeps only its hash. Copy puts it on the
 * clipboard; where the browser does not allow that, the field is selected for the reader to copy by hand.
 */
export function ApiTokenSecret({ token, onDone }: { token: ApiTokenCreated; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const { field, copy, copyToClipboard } = useCopyField(token.token);

  return (
    <div className="space-y-4" data-testid="api-token-created">
      <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" role="alert">
        {t('tokens.secret.warning')}
      </p>
      <div className="space-y-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {t('tokens.secret.label', { name: token.name })}
        </label>
        <div className="flex gap-2">
          <input
            ref={field}
            id={id}
            readOnly
            value={token.token}
            onFocus={(e) => e.currentTarget.select()}
            spellCheck={false}
            className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
            data-testid="api-token-secret"
          />
          <Button variant="secondary" onClick={() => void copyToClipboard()} aria-label={t('tokens.secret.copyLabel')}>
            {t('tokens.secret.copy')}
          </Button>
        </div>
        <p aria-live="polite" className={`min-h-4 text-xs ${copy === 'failed' ? 'font-medium text-rose-700' : 'text-emerald-800'}`}>
          {copy === 'copied' ? t('tokens.secret.copied') : copy === 'failed' ? t('tokens.secret.copyFailed') : ''}
        </p>
      </div>
      <p className="text-sm text-slate-600">{t('tokens.secret.usage', { date: formatDateTime(token.expiresAt) })}</p>
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('tokens.secret.done')}</Button>
      </div>
    </div>
  );
}
