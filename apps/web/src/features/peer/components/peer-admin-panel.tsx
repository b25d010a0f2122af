import { useTranslation } from '@/lib/use-translation';
import { lazyForm } from '@/components/ui/lazy-form';
import { errorText } from '@/lib/error-text';
import { useGivingSettings } from '../api/giving-settings';
import { ValuesPanel } from './values-panel';

// The form and react-hook-form load with the page's first render of it, not with the admin area.
const GivingSettingsForm = lazyForm(() => import('./giving-settings-form').then((m) => m.GivingSettingsForm));

/** /admin/peer/{storeId}: the store's giving rules and its company values. */
export function PeerAdminPanel({ storeId }: { storeId: number }) {
  const { t } = useTranslation('peer');
  const settings = useGivingSettings(storeId);
  return (
    <div className="space-y-8">
      <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="giving-title">
        <h2 id="giving-title" className="text-lg font-semibold text-slate-900">
          {t('admin.giving')}
        </h2>
        <p className="mb-4 text-sm text-slate-600">{t('admin.givingHelp')}</p>
        {settings.data ? (
          <GivingSettingsForm key={`${storeId}-${settings.data.updatedAt ?? ''}`} storeId={storeId} settings={settings.data} />
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-rose-700">
            {errorText(t, settings.error)}
          </p>
        ) : (
          <div className="h-56 animate-pulse rounded-lg bg-slate-100" aria-busy="true" />
        )}
      </section>
      <ValuesPanel key={storeId} storeId={storeId} />
    </div>
  );
}
