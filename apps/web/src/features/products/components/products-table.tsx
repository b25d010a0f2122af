import type { ListResponse } from '@rewards/shared/common';
import type { Product } from '@rewards/shared/products';
import { useTranslation } from '@/lib/use-translation';
import { ActiveBadge } from '@/components/ui/active-badge';
import { Button } from '@/components/ui/button';
import type { RowAction } from '@/components/ui/confirm-action';
import { formatPoints } from '@/lib/format';
import { variantUrl } from '@/lib/images';

/** The admin product table: picture, name, category, price, stock, status and the row's actions. */
export function ProductsTable({
  products,
  pending,
  fetching,
  onStock,
  onEdit,
  onAction,
}: {
  products: ListResponse<Product> | undefined;
  pending: boolean;
  fetching: boolean;
  onStock: (product: Product) => void;
  onEdit: (product: Product) => void;
  onAction: (product: Product, action: RowAction) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('fields.name')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('fields.category')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t('fields.price')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t('fields.stock')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('inventory.status')}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {t('inventory.actions')}
            </th>
          </tr>
        </thead>
        <tbody aria-busy={fetching}>
          {pending && (
            <tr>
              <td colSpan={6} className="px-3 py-6">
                <div className="h-4 animate-pulse rounded bg-slate-100" />
              </td>
            </tr>
          )}
          {products?.data.length === 0 && (
            <tr>
              <td colSpan={6} className="px-3 py-6 text-center text-slate-500">
                {t('inventory.noProducts')}
              </td>
            </tr>
          )}
          {products?.data.map((p) => (
            <tr key={p.id} className="border-t border-slate-100">
              <td className="px-3 py-2">
                <span className="flex items-center gap-2">
                  {p.images[0] && <img src={variantUrl(p.images[0].url, 300)} alt="" className="h-9 w-9 rounded object-cover" />}
                  <span className="font-medium text-slate-900">{p.name}</span>
                  {p.featured && <span className="rounded bg-amber-100 px-1.5 text-xs text-amber-900">{t('fields.featured')}</span>}
                </span>
              </td>
              <td className="px-3 py-2 text-slate-600">{p.categoryTitle}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatPoints(p.price)}</td>
              <td className={`px-3 py-2 text-right tabular-nums ${p.stock === 0 ? 'font-semibold text-rose-700' : ''}`}>{p.stock}</td>
              <td className="px-3 py-2">
                <ActiveBadge active={p.active} />
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap">
                <Button variant="ghost" onClick={() => onStock(p)}>
                  {t('inventory.stockAction')}
                </Button>
                <Button variant="ghost" onClick={() => onEdit(p)}>
                  {t('inventory.edit')}
                </Button>
                <Button variant="ghost" onClick={() => onAction(p, p.active ? 'deactivate' : 'activate')}>
                  {p.active ? t('inventory.deactivate') : t('inventory.activate')}
                </Button>
                <Button variant="ghost" className="text-rose-700" onClick={() => onAction(p, 'delete')}>
                  {t('inventory.delete')}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
