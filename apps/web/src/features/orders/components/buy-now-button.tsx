import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { useUiState } from '@/components/ui/ui-state';
import { useErrorToast } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useCreateOrder } from '../api/create-order';

/** 'Buy now': one product ordered at once, then /myOrders; too few points is a warning. */
export function BuyNowButton({ productId, quantity, disabled = false }: { productId: number; quantity: number; disabled?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorToast = useErrorToast();
  const { withLoading } = useUiState();
  const createOrder = useCreateOrder();
  async function onClick() {
    try {
      await withLoading(createOrder.mutateAsync({ lines: [{ productId, quantity }] }));
      toast.success(t('orders.created'));
      void navigate('/myOrders');
    } catch (err) {
      errorToast(err, ['ALREADY_IN_CART', 'NOT_ENOUGH_POINTS']);
    }
  }
  return (
    <Button variant="secondary" disabled={disabled || createOrder.isPending} onClick={() => void onClick()}>
      {t('product.buyNow')}
    </Button>
  );
}
