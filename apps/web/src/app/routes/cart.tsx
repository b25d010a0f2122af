import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { cartQueryOptions, useCart } from '@/features/cart/api/get-cart';
import { useRemoveCartLines } from '@/features/cart/api/remove-cart-lines';
import { CartLine } from '@/features/cart/components/cart-line';
import { CartSummary } from '@/features/cart/components/cart-summary';
import { useCreateOrder } from '@/features/orders/api/create-order';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useContent } from '@/components/ui/localized';
import { Page } from '@/components/ui/page';
import { useUiState } from '@/components/ui/ui-state';
import { useErrorToast } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import type { FirstData } from '../first-data';

export const firstData: FirstData = async ({ queryClient, user }) => user && queryClient.prefetchQuery(cartQueryOptions());

export default function CartPage() {
  const { t } = useTranslation('cart');
  const content = useContent();
  const navigate = useNavigate();
  const errorToast = useErrorToast();
  const session = useSession();
  const cart = useCart();
  const remove = useRemoveCartLines();
  const createOrder = useCreateOrder();
  const { withLoading } = useUiState();
  const [confirmClear, setConfirmClear] = useState(false);
  const lines = cart.data?.data ?? [];

  async function order() {
    try {
      await withLoading(createOrder.mutateAsync({ fromCart: true }));
      toast.success(t('common:orders.created'));
      void navigate('/myOrders');
    } catch (err) {
      errorToast(err, ['NOT_ENOUGH_POINTS']);
    }
  }

  return (
    <Page title={t('title')}>
      {cart.data?.warnings.map((w) => (
        <p
          key={`${w.code}-${w.productId}`}
          role="alert"
          className="mb-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900"
        >
          {t(w.code, { name: content(w, 'name').text })}
        </p>
      ))}
      {cart.isPending ? (
        <div className="h-40 animate-pulse rounded-xl bg-slate-100" aria-busy="true" />
      ) : lines.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          {t('empty')}{' '}
          <Link to="/" className="font-semibold text-indigo-700 hover:underline">
            {t('keepShopping')}
          </Link>
        </p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {lines.map((l) => (
              <CartLine key={l.id} line={l} />
            ))}
          </ul>
          <CartSummary
            total={cart.data?.total ?? 0}
            balance={session.data?.points ?? 0}
            ordering={createOrder.isPending}
            onOrder={() => void order()}
            onClear={() => setConfirmClear(true)}
          />
        </div>
      )}
      <ConfirmDialog
        open={confirmClear}
        title={t('clearTitle')}
        message={t('clearMessage')}
        confirmLabel={t('clear')}
        onConfirm={() => {
          remove.mutate(
            lines.map((l) => l.id),
            { onError: (err) => errorToast(err) },
          );
          setConfirmClear(false);
        }}
        onClose={() => setConfirmClear(false)}
      />
    </Page>
  );
}
