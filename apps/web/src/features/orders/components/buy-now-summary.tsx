import type { ReactNode } from 'react';
import type { Product } from '@rewards/shared/products';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Localized, useContent } from '@/components/ui/localized';
import { formatPoints } from '@/lib/format';

export interface Order {
  product: Product;
  quantity: number;
  /** The buyer's points now. */
  balance: number;
}

/**
 * What the dialog says: product, quantity, price per unit, total, the balance now and after. Its texts are
 * the `orders` namespace's, which the product page loads with its HTML when someone is signed in, so no
 * page downloads them before it can show this.
 */
export function BuyNowSummary({
  product,
  quantity,
  balance,
  onCancel,
  onConfirm,
}: Order & { onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('orders');
  const content = useContent();
  const total = product.price * quantity;
  const after = balance - total;
  const points = (n: number) => t('common:product.price', { points: formatPoints(n) });
  const line = (label: string, value: ReactNode, testId: string, strong = false) => (
    <div className={`flex items-baseline justify-between gap-4 py-1.5 ${strong ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
  return (
    <>
      <dl className="mb-4 divide-y divide-slate-100 text-sm" data-testid="buy-now-summary">
        {line(t('buyNow.product'), <Localized value={content(product, 'name')} />, 'summary-product')}
        {line(t('buyNow.quantity'), quantity, 'summary-quantity')}
        {line(t('buyNow.price'), points(product.price), 'summary-price')}
        {line(t('buyNow.total'), points(total), 'summary-total', true)}
        {line(t('buyNow.balance'), points(balance), 'summary-balance')}
        {line(t('buyNow.after'), points(Math.max(after, 0)), 'summary-after', true)}
      </dl>
      {after < 0 ? (
        <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t('buyNow.notEnough')}
        </p>
      ) : (
        <p className="mb-4 text-sm text-slate-600">{t('buyNow.note')}</p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={onConfirm} disabled={after < 0} data-testid="confirm-buy-now">
          {t('buyNow.confirm')}
        </Button>
      </div>
    </>
  );
}
