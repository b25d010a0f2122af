import { useTranslation } from '@/lib/use-translation';
import { Tabs } from '@/components/ui/tabs';
import { AuditSection } from './audit-section';
import { ConnectionsSection } from './connections-section';
import { SyncSection } from './sync-section';

export const directoryTabs = ['connections', 'sync', 'audit'] as const;
export type DirectoryTab = (typeof directoryTabs)[number];

/**
 * /admin/directory (docs/architecture.md A6.18, decision 0050): the company directory's SCIM connections, the
 * CSV/XLSX sync for companies without SCIM, and the audit list of what both changed; one tab each, the page
 * keeps which in its address.
 */
export function DirectoryPanel({ tab, onTab }: { tab: DirectoryTab; onTab: (tab: DirectoryTab) => void }) {
  const { t } = useTranslation('directory');
  return (
    <div>
      <Tabs
        label={t('tabs.label')}
        tabs={directoryTabs.map((id) => ({ id, label: t(`tabs.${id}`) }))}
        selected={tab}
        onSelect={(id) => onTab(id as DirectoryTab)}
      />
      <div role="tabpanel" aria-label={t(`tabs.${tab}`)}>
        {tab === 'connections' && <ConnectionsSection />}
        {tab === 'sync' && <SyncSection />}
        {tab === 'audit' && <AuditSection />}
      </div>
    </div>
  );
}
