import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { formatPoints } from '@/lib/format';

/** The cart's total against the balance; ordering is refused up front when the points do not reach. */
export function CartSummary({
  total,
  balance,
  ordering,
  onOrder,
  onClear,
}: {
  total: number;
  balance: number;
  ordering: boolean;
  onOrder: () => void;
  onClear: () => void;
}) {
  // The refusal's text lives with its code (the errors namespace), loaded when it is shown.
  const { t } = useTranslation(total > balance ? ['cart', 'errors'] : 'cart');
  return (
    <aside className="h-fit space-y-3 rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-semibold">{t('summary')}</h2>
      <p className="flex justify-between text-sm">
        <span>{t('total')}</span>
        <span className="font-bold tabular-nums" data-testid="cart-total">
          {t('common:product.price', { points: formatPoints(total) })}
        </span>
      </p>
      <p className="flex justify-between text-sm text-slate-600">
        <span>{t('balance')}</span>
        <span className="tabular-nums">{formatPoints(balance)}</span>
      </p>
      {total > balance && <p className="text-sm font-medium text-rose-700">{t('errors:NOT_ENOUGH_POINTS')}</p>}
      <Button className="w-full" disabled={ordering || total > balance} onClick={onOrder}>
        {t('order')}
      </Button>
      <Button variant="secondary" className="w-full" onClick={onClear}>
        {t('clear')}
      </Button>
    </aside>
  );
}
