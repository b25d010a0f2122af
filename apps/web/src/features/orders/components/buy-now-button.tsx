import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useUiState } from '@/components/ui/ui-state';
import { useErrorToast } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useCreateOrder } from '../api/create-order';
import { BuyNowSummary, type Order } from './buy-now-summary';

/**
 * 'Buy now' (docs/architecture.md A6.6): a click asks first, in a dialog that sums the order up; only its
 * confirm places the order, then /myOrders. Cancel, Escape or a click outside it close it and nothing is
 * spent. Too few points is said there, before anything is asked of the server.
 */
export function BuyNowButton({ product, quantity, balance, disabled = false }: Order & { disabled?: boolean }) {
  const { t, i18n } = useTranslation();
  // Came with the page; after moving here from another page, loaded as a pointer or the focus reaches the button.
  const warmUp = () => void i18n.loadNamespaces('orders');
  const navigate = useNavigate();
  const errorToast = useErrorToast();
  const { withLoading } = useUiState();
  const createOrder = useCreateOrder();
  const [open, setOpen] = useState(false);

  async function confirm() {
    setOpen(false);
    try {
      await withLoading(createOrder.mutateAsync({ lines: [{ productId: product.id, quantity }] }));
      toast.success(t('orders.created'));
      void navigate('/myOrders');
    } catch (err) {
      errorToast(err, ['ALREADY_IN_CART', 'NOT_ENOUGH_POINTS', 'OUT_OF_STOCK']);
    }
  }

  return (
    <>
      <Button
        variant="secondary"
        disabled={disabled || createOrder.isPending}
        onClick={() => setOpen(true)}
        onPointerEnter={warmUp}
        onFocus={warmUp}
        aria-haspopup="dialog"
      >
        {t('product.buyNow')}
      </Button>
      <Dialog open={open} title={t('product.buyNowTitle')} onClose={() => setOpen(false)}>
        <Suspense fallback={<p className="h-64 animate-pulse rounded-md bg-slate-100" aria-hidden="true" />}>
          <BuyNowSummary
            product={product}
            quantity={quantity}
            balance={balance}
            onCancel={() => setOpen(false)}
            onConfirm={() => void confirm()}
          />
        </Suspense>
      </Dialog>
    </>
  );
}
