import { useEffect, useId, useRef } from 'react';
import { useCopyField } from '@/lib/use-copy-field';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import type { DirectoryConnectionCreated } from '../api/types';

/**
 * A read-only value with a Copy button: to the clipboard where the browser allows it; else the field is
 * focused and selected, and the reader is told to copy it by hand.
 */
function CopyField({ label, value, copyLabel, testId }: { label: string; value: string; copyLabel: string; testId: string }) {
  const { t } = useTranslation('directory');
  const id = useId();
  const { field, copy, copyToClipboard } = useCopyField(value);

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={field}
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          spellCheck={false}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
          data-testid={testId}
        />
        <Button variant="secondary" onClick={() => void copyToClipboard()} aria-label={copyLabel}>
          {t('connections.secret.copy')}
        </Button>
      </div>
      <p aria-live="polite" className={`min-h-4 text-xs ${copy === 'failed' ? 'font-medium text-rose-700' : 'text-emerald-800'}`}>
        {copy === 'copied' ? t('connections.secret.copied') : copy === 'failed' ? t('connections.secret.copyFailed') : ''}
      </p>
    </div>
  );
}

/**
 * The token of a connection just created, shown this once (the server keeps only its hash), with the SCIM
 * base URL its directory is given. It takes the focus when it appears, so the reader lands on it.
 */
export function ConnectionSecret({ connection, onDone }: { connection: DirectoryConnectionCreated; onDone: () => void }) {
  const { t } = useTranslation('directory');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // After the form's dialog has closed, which gives the focus back to the button that opened it.
    const timer = setTimeout(() => heading.current?.focus());
    return () => clearTimeout(timer);
  }, []);
  return (
    <section
      className="space-y-4 rounded-xl border-2 border-amber-300 bg-white p-4 sm:p-5"
      aria-labelledby="directory-secret-title"
      data-testid="directory-connection-created"
    >
      <h3 id="directory-secret-title" ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-900 outline-none">
        {t('connections.secret.title', { name: connection.name })}
      </h3>
      <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" role="alert">
        {t('connections.secret.warning')}
      </p>
      <CopyField
        label={t('connections.secret.token')}
        value={connection.token}
        copyLabel={t('connections.secret.copyToken')}
        testId="directory-token"
      />
      <CopyField
        label={t('connections.secret.scimUrl')}
        value={connection.scimUrl}
        copyLabel={t('connections.secret.copyUrl')}
        testId="directory-scim-url"
      />
      <p className="text-sm text-slate-600">{t('connections.secret.usage', { date: formatDateTime(connection.expiresAt) })}</p>
      <div className="flex justify-end">
        <Button onClick={onDone}>{t('connections.secret.done')}</Button>
      </div>
    </section>
  );
}
