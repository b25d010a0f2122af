import { Link } from 'react-router';
import { CART_MAX_QUANTITY } from '@rewards/shared/constants';
import type { CartLine as Line } from '@rewards/shared/orders';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Localized, useContent } from '@/components/ui/localized';
import { useErrorToast } from '@/lib/error-text';
import { formatPoints } from '@/lib/format';
import { variantUrl } from '@/lib/images';
import { useRemoveCartLines } from '../api/remove-cart-lines';
import { useUpdateCartLine } from '../api/update-cart-line';

/** The quantities a line offers: 1 up to its stock, at most CART_MAX_QUANTITY (docs/architecture.md P5). */
export function quantityChoices(stock: number): number[] {
  return Array.from({ length: Math.max(0, Math.min(stock, CART_MAX_QUANTITY)) }, (_, i) => i + 1);
}

/** One cart line: the product, its price, the quantity (saved on change), the line's total and remove. */
export function CartLine({ line }: { line: Line }) {
  const { t } = useTranslation('cart');
  const content = useContent();
  const errorToast = useErrorToast();
  const update = useUpdateCartLine();
  const remove = useRemoveCartLines();
  return (
    <li className="flex flex-wrap items-center gap-4 p-4" data-testid="cart-line">
      {line.product.picture && (
        <img src={variantUrl(line.product.picture, 300)} alt="" width={64} height={64} className="h-16 w-16 rounded-md object-cover" />
      )}
      <div className="min-w-0 flex-1">
        <Localized
          as={Link}
          to={`/product?slug=${encodeURIComponent(line.product.slug)}`}
          value={content(line.product, 'name')}
          className="font-medium text-slate-900 hover:text-indigo-800"
        />
        <p className="text-sm text-slate-600">{t('common:product.price', { points: formatPoints(line.product.price) })}</p>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <span className="sr-only">{t('common:product.quantity')}</span>
        <select
          value={line.quantity}
          onChange={(e) => update.mutate({ id: line.id, quantity: Number(e.target.value) }, { onError: (err) => errorToast(err) })}
          className="rounded-md border border-slate-300 px-2 py-1.5"
        >
          {quantityChoices(line.product.stock).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <span className="w-28 text-right font-semibold tabular-nums">{formatPoints(line.product.price * line.quantity)}</span>
      <Button variant="ghost" className="text-rose-700" onClick={() => remove.mutate([line.id], { onError: (err) => errorToast(err) })}>
        {t('remove')}
      </Button>
    </li>
  );
}
