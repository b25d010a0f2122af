import type { ListResponse } from '@rewards/shared/common';
import type { Product } from '@rewards/shared/products';
import { useTranslation } from '@/lib/use-translation';
import { ActiveBadge } from '@/components/ui/active-badge';
import { Button } from '@/components/ui/button';
import type { RowAction } from '@/components/ui/confirm-action';
import { ActionsCell, CardRow, Cell, ResponsiveTable, StateRow } from '@/components/ui/responsive-table';
import { Localized, useContent } from '@/components/ui/localized';
import { formatPoints } from '@/lib/format';
import { variantUrl } from '@/lib/images';

/** The admin product list: picture, name, category, price, stock, status and the row's actions; cards on a phone. */
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
  const content = useContent();
  const columns = [
    { label: t('fields.name') },
    { label: t('fields.category') },
    { label: t('fields.price'), end: true },
    { label: t('fields.stock'), end: true },
    { label: t('inventory.status') },
    { label: t('inventory.actions'), end: true },
  ];
  return (
    <ResponsiveTable columns={columns} caption={t('inventory.products')} busy={fetching} data-testid="products-table">
      {pending && (
        <StateRow colSpan={6}>
          <div className="h-4 animate-pulse rounded bg-slate-100" />
        </StateRow>
      )}
      {products?.data.length === 0 && (
        <StateRow colSpan={6} className="text-center text-slate-500">
          {t('inventory.noProducts')}
        </StateRow>
      )}
      {products?.data.map((p) => (
        <CardRow key={p.id} data-testid="product-row">
          <Cell primary>
            <span className="flex flex-wrap items-center gap-2">
              {p.images[0] && <img src={variantUrl(p.images[0].url, 300)} alt="" className="h-9 w-9 shrink-0 rounded object-cover" />}
              <Localized value={content(p, 'name')} className="min-w-0 font-medium break-words text-slate-900" />
              {p.featured && <span className="shrink-0 rounded bg-amber-100 px-1.5 text-xs text-amber-900">{t('fields.featured')}</span>}
            </span>
          </Cell>
          <Cell label={columns[1]!.label} className="text-slate-600">
            <Localized value={content(p, 'categoryTitle')} />
          </Cell>
          <Cell label={columns[2]!.label} end>
            {formatPoints(p.price)}
          </Cell>
          <Cell label={columns[3]!.label} end className={p.stock === 0 ? 'font-semibold text-rose-700' : ''}>
            {p.stock}
          </Cell>
          <Cell label={columns[4]!.label}>
            <ActiveBadge active={p.active} />
          </Cell>
          <ActionsCell>
            <Button variant="ghost" className="px-2" onClick={() => onStock(p)}>
              {t('inventory.stockAction')}
            </Button>
            <Button variant="ghost" className="px-2" onClick={() => onEdit(p)}>
              {t('inventory.edit')}
            </Button>
            <Button variant="ghost" className="px-2" onClick={() => onAction(p, p.active ? 'deactivate' : 'activate')}>
              {p.active ? t('inventory.deactivate') : t('inventory.activate')}
            </Button>
            <Button variant="ghost" className="px-2 text-rose-700" onClick={() => onAction(p, 'delete')}>
              {t('inventory.delete')}
            </Button>
          </ActionsCell>
        </CardRow>
      ))}
    </ResponsiveTable>
  );
}
