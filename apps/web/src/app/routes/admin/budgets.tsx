import { useState } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { BudgetsSection } from '@/features/awards/components/budgets-section';
import type { RenderPicker } from '@/features/awards/components/give-award-form';
import { RulesForm } from '@/features/awards/components/rules-form';
import { PersonPicker } from '@/features/peer/components/person-picker';
import { Page } from '@/components/ui/page';
import { useAdminStores } from '../../layouts/admin-layout';

const managerPicker: RenderPicker = (p) => <PersonPicker {...p} testId="budget-manager-search" />;

/**
 * /admin/budgets (docs/architecture.md A6.19): the budgets of the administrator's stores (super
 * administrators: every store), filtered by one of them, and that store's approval rules.
 */
export default function AdminBudgetsPage() {
  const { t } = useTranslation('awards');
  const stores = useAdminStores();
  const [picked, setPicked] = useState<number | null>(null);
  const storeId = picked ?? (stores.length === 1 ? stores[0]!.id : undefined);
  const rulesStore = storeId ?? stores[0]?.id;
  return (
    <Page title={t('budgets.pageTitle')}>
      {stores.length > 1 && (
        <label className="mb-4 flex items-center gap-2 text-sm text-slate-700">
          {t('budgets.columns.store')}
          <select
            className="rounded-md border border-slate-300 bg-white px-2 py-1"
            value={storeId ?? ''}
            onChange={(e) => setPicked(Number(e.target.value) || null)}
            data-testid="budgets-store"
          >
            <option value="">{t('budgets.allStores')}</option>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
      )}
      <div className="space-y-8">
        <BudgetsSection stores={stores} storeId={storeId} renderPicker={managerPicker} />
        {rulesStore !== undefined && (
          <div className="space-y-2">
            {storeId === undefined && <p className="text-sm text-slate-600">{t('rules.forStore', { store: stores[0]?.title ?? '' })}</p>}
            <RulesForm key={rulesStore} storeId={rulesStore} />
          </div>
        )}
      </div>
    </Page>
  );
}
