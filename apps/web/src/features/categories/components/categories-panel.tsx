import { useState } from 'react';
import type { Category } from '@rewards/shared/categories';
import { useTranslation } from '@/lib/use-translation';
import { ActiveBadge } from '@/components/ui/active-badge';
import { Button } from '@/components/ui/button';
import { ConfirmActionDialog, useConfirmAction } from '@/components/ui/confirm-action';
import { Dialog } from '@/components/ui/dialog';
import { Pagination } from '@/components/ui/pagination';
import { lazyForm } from '@/components/ui/lazy-form';
import { Localized, useContent } from '@/components/ui/localized';
import { variantUrl } from '@/lib/images';
import { useCategoryAction } from '../api/category-action';
import { useAdminCategories } from '../api/get-admin-categories';

// Loaded when its dialog first opens: the list page downloads neither the form nor react-hook-form.
const CategoryForm = lazyForm(() => import('./category-form').then((m) => m.CategoryForm));

/** The categories tab of /admin/inventory: cards with their actions, and the create / edit dialog. */
export function CategoriesPanel({ storeId }: { storeId: number }) {
  const { t } = useTranslation('admin');
  const content = useContent();
  const [page, setPage] = useState(1);
  const categories = useAdminCategories({ storeId, page, pageSize: 20 });
  const action = useCategoryAction();
  const confirm = useConfirmAction((p) => action.mutateAsync(p));
  const [editing, setEditing] = useState<Category | 'new' | null>(null);
  return (
    <>
      <div className="mb-4 flex justify-end">
        <Button onClick={() => setEditing('new')} data-testid="new-category">
          {t('inventory.newCategory')}
        </Button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-busy={categories.isFetching}>
        {categories.data?.data.map((c) => {
          const title = content(c, 'title').text;
          return (
            <li key={c.id} className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3">
              {c.picture && <img src={variantUrl(c.picture, 300)} alt="" className="h-16 w-16 shrink-0 rounded-md object-cover" />}
              <div className="min-w-0 flex-1">
                <div className="flex items-center gap-2">
                  <Localized value={content(c, 'title')} className="truncate font-semibold text-slate-900" />
                  <ActiveBadge active={c.active} />
                </div>
                <Localized as="p" value={content(c, 'description')} className="line-clamp-2 text-xs text-slate-600" />
                <div className="mt-1 flex flex-wrap gap-1">
                  <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(c)}>
                    {t('inventory.edit')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-1"
                    onClick={() => confirm.setPending({ id: c.id, name: title, action: c.active ? 'deactivate' : 'activate' })}
                  >
                    {c.active ? t('inventory.deactivate') : t('inventory.activate')}
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-rose-700"
                    onClick={() => confirm.setPending({ id: c.id, name: title, action: 'delete' })}
                  >
                    {t('inventory.delete')}
                  </Button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {categories.data?.data.length === 0 && <p className="text-slate-600">{t('inventory.noCategories')}</p>}
      {categories.data && <Pagination page={categories.data.page} totalPages={categories.data.totalPages} onChange={setPage} />}
      <Dialog
        open={editing !== null}
        title={editing === 'new' ? t('inventory.newCategory') : t('inventory.editCategory')}
        onClose={() => setEditing(null)}
        wide
      >
        {editing !== null && (
          <CategoryForm storeId={storeId} category={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        )}
      </Dialog>
      <ConfirmActionDialog confirm={confirm} kind="Category" />
    </>
  );
}
