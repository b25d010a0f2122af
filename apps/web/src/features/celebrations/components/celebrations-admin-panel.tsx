import { useTranslation } from '@/lib/use-translation';
import { Tabs } from '@/components/ui/tabs';
import { errorText } from '@/lib/error-text';
import { localDay } from '@/lib/format';
import { useCelebrationSettings } from '../api/settings';
import { CelebrationSettingsForm } from './celebration-settings-form';
import { DatesImportWizard } from './dates-import-wizard';
import { UpcomingTable } from './upcoming-table';

export const celebrationTabs = ['upcoming', 'settings', 'import'] as const;
export type CelebrationTab = (typeof celebrationTabs)[number];

/**
 * /admin/celebrations/{storeId} (docs/architecture.md A6.17): the store's celebrations of the next 30 days with
 * their export, its celebration settings, and the import of its people's birthdays and hire dates; one tab
 * each, the page keeps which in its address.
 */
export function CelebrationsAdminPanel({
  storeId,
  storeName,
  tab,
  onTab,
}: {
  storeId: number;
  storeName: string;
  tab: CelebrationTab;
  onTab: (tab: CelebrationTab) => void;
}) {
  const { t } = useTranslation('celebrations');
  return (
    <div>
      <Tabs
        label={t('tabs.label')}
        tabs={celebrationTabs.map((id) => ({ id, label: t(`tabs.${id}`) }))}
        selected={tab}
        onSelect={(id) => onTab(id as CelebrationTab)}
      />
      <div role="tabpanel" aria-label={t(`tabs.${tab}`)}>
        {tab === 'upcoming' && <UpcomingTable storeId={storeId} today={localDay(new Date())} />}
        {tab === 'settings' && <SettingsSection storeId={storeId} />}
        {tab === 'import' && (
          <section aria-labelledby="dates-import-title" className="space-y-3">
            <div>
              <h2 id="dates-import-title" className="text-lg font-semibold text-slate-900">
                {t('import.title')}
              </h2>
              <p className="text-sm text-slate-600">{t('import.help')}</p>
            </div>
            <DatesImportWizard key={storeId} storeId={storeId} storeName={storeName} />
          </section>
        )}
      </div>
    </div>
  );
}

/** The store's settings: the form once they are here (its fields shown disabled while they load). */
function SettingsSection({ storeId }: { storeId: number }) {
  const { t } = useTranslation('celebrations');
  const settings = useCelebrationSettings(storeId);
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="celebration-settings-title">
      <h2 id="celebration-settings-title" className="text-lg font-semibold text-slate-900">
        {t('settings.title')}
      </h2>
      <p className="mb-4 text-sm text-slate-600">{t('settings.help')}</p>
      {settings.isError ? (
        <p role="alert" className="text-sm text-rose-700">
          {t('settings.loadError')} {errorText(t, settings.error)}
        </p>
      ) : settings.data ? (
        <CelebrationSettingsForm key={`${storeId}-${settings.data.updatedAt ?? ''}`} storeId={storeId} settings={settings.data} />
      ) : (
        <div data-testid="celebration-settings-loading">
          <CelebrationSettingsForm storeId={storeId} disabled />
        </div>
      )}
    </section>
  );
}
