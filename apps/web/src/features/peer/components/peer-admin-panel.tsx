import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { useGivingSettings } from '../api/giving-settings';
import { GivingSettingsFields, PeriodOptions } from './giving-settings-fields';
import { ValuesPanel } from './values-panel';

// The form and react-hook-form load with the page's first render of it, not with the admin area; their
// download starts with the settings' request rather than after it.
const loadForm = () => import('./giving-settings-form');
const GivingSettingsForm = lazy(() => loadForm().then((m) => ({ default: m.GivingSettingsForm })));

/** /admin/peer/{storeId}: the store's giving rules and its company values. */
export function PeerAdminPanel({ storeId }: { storeId: number }) {
  const { t } = useTranslation('peer');
  const settings = useGivingSettings(storeId);
  useEffect(() => void loadForm(), []);
  return (
    <div className="space-y-8">
      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="giving-title">
        <h2 id="giving-title" className="text-lg font-semibold text-slate-900">
          {t('admin.giving')}
        </h2>
        <p className="mb-4 text-sm text-slate-600">{t('admin.givingHelp')}</p>
        {settings.isError ? (
          <p role="alert" className="text-sm text-rose-700">
            {errorText(t, settings.error)}
          </p>
        ) : settings.data ? (
          <Suspense fallback={<GivingSettingsFrame />}>
            <GivingSettingsForm key={`${storeId}-${settings.data.updatedAt ?? ''}`} storeId={storeId} settings={settings.data} />
          </Suspense>
        ) : (
          <GivingSettingsFrame />
        )}
      </section>
      <ValuesPanel key={storeId} storeId={storeId} />
    </div>
  );
}

/**
 * The form's place while the settings or its code load: the same fields, empty and disabled, so nothing
 * below moves when the form replaces it (docs/decisions/0028-light-first-paint.md).
 */
function GivingSettingsFrame() {
  const { t } = useTranslation('peer');
  return (
    <div className="space-y-4" aria-busy="true" data-testid="giving-form-loading">
      <GivingSettingsFields
        control={(name) =>
          name === 'period' ? (
            <select disabled>
              <PeriodOptions />
            </select>
          ) : (
            <input type="number" disabled />
          )
        }
      >
        <div className="flex justify-end">
          <Button disabled>{t('common:actions.save')}</Button>
        </div>
      </GivingSettingsFields>
    </div>
  );
}
