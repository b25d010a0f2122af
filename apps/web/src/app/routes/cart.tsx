import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CART_MAX_QUANTITY } from '@rewards/shared/constants';
import { useSession } from '@/features/auth/api/get-session';
import { useCart, useRemoveCartLines, useUpdateCartLine } from '@/features/cart/api/cart';
import { useCreateOrder } from '@/features/orders/api/orders';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Page } from '@/components/ui/page';
import { useUiState } from '@/components/ui/ui-state';
import { ApiError } from '@/lib/api';
import { formatPoints } from '@/lib/format';
import { variantUrl } from '@/lib/images';
import { toast } from '@/lib/toast';

export default function CartPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const cart = useCart();
  const update = useUpdateCartLine();
  const remove = useRemoveCartLines();
  const createOrder = useCreateOrder();
  const { withLoading } = useUiState();
  const [confirmClear, setConfirmClear] = useState(false);
  const lines = cart.data?.data ?? [];
  const total = cart.data?.total ?? 0;
  const balance = session.data?.points ?? 0;

  async function order() {
    try {
      await withLoading(createOrder.mutateAsync({ fromCart: true }));
      toast.success(t('orders.created'));
      void navigate('/myOrders');
    } catch (err) {
      const code = err instanceof ApiError ? err.code : 'INTERNAL_ERROR';
      if (code === 'NOT_ENOUGH_POINTS') toast.warning(t('errors:NOT_ENOUGH_POINTS'));
      else toast.error(t(`errors:${code}`));
    }
  }

  return (
    <Page title={t('pages.cart.title')}>
      {cart.data?.warnings.map((w) => (
        <p
          key={`${w.code}-${w.productId}`}
          role="alert"
          className="mb-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          {t(`cart.${w.code}`, { name: w.name })}
        </p>
      ))}
      {cart.isPending ? (
        <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />
      ) : lines.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          {t('cart.empty')}{' '}
          <Link to="/" className="font-semibold text-indigo-700 hover:underline">
            {t('cart.keepShopping')}
          </Link>
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {lines.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="cart-line">
                {l.product.picture && (
                  <img
                    src={variantUrl(l.product.picture, 300)}
                    alt=""
                    width={64}
                    height={64}
                    className="h-16 w-16 rounded-md object-cover"
                  />
                )}
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/product?slug=${encodeURIComponent(l.product.slug)}`}
                    className="font-medium text-slate-900 hover:text-indigo-800"
                  >
                    {l.product.name}
                  </Link>
                  <p className="text-sm text-slate-600">{t('product.price', { points: formatPoints(l.product.price) })}</p>
                </div>
                <label className="flex items-center gap-2 text-sm">
                  <span className="sr-only">{t('product.quantity')}</span>
                  <select
                    value={l.quantity}
                    onChange={(e) => update.mutate({ id: l.id, quantity: Number(e.target.value) })}
                    className="rounded-md border border-slate-300 px-2 py-1.5"
                  >
                    {Array.from({ length: Math.min(l.product.stock, CART_MAX_QUANTITY) }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
                <span className="w-28 text-right font-semibold tabular-nums">{formatPoints(l.product.price * l.quantity)}</span>
                <Button variant="ghost" className="text-rose-700" onClick={() => remove.mutate([l.id])}>
                  {t('cart.remove')}
                </Button>
              </li>
            ))}
          </ul>
          <aside className="h-fit space-y-3 rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="text-lg font-semibold">{t('cart.summary')}</h2>
            <p className="flex justify-between text-sm">
              <span>{t('cart.total')}</span>
              <span className="font-bold tabular-nums" data-testid="cart-total">
                {t('product.price', { points: formatPoints(total) })}
              </span>
            </p>
            <p className="flex justify-between text-sm text-slate-600">
              <span>{t('cart.balance')}</span>
              <span className="tabular-nums">{formatPoints(balance)}</span>
            </p>
            {total > balance && <p className="text-sm font-medium text-rose-700">{t('errors:NOT_ENOUGH_POINTS')}</p>}
            <Button className="w-full" disabled={createOrder.isPending || total > balance} onClick={() => void order()}>
              {t('cart.order')}
            </Button>
            <Button variant="secondary" className="w-full" onClick={() => setConfirmClear(true)}>
              {t('cart.clear')}
            </Button>
          </aside>
        </div>
      )}
      <ConfirmDialog
        open={confirmClear}
        title={t('cart.clearTitle')}
        message={t('cart.clearMessage')}
        confirmLabel={t('cart.clear')}
        onConfirm={() => {
          remove.mutate(lines.map((l) => l.id));
          setConfirmClear(false);
        }}
        onClose={() => setConfirmClear(false)}
      />
    </Page>
  );
}
