import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { useErrorToast } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useAddToCart } from '../api/add-to-cart';

/** 'Add to cart' with a quantity; a product already in the cart, or too few points, is a warning. */
export function AddToCartButton({ productId, quantity, disabled = false }: { productId: number; quantity: number; disabled?: boolean }) {
  const { t } = useTranslation();
  const errorToast = useErrorToast();
  const add = useAddToCart();
  async function onClick() {
    try {
      await add.mutateAsync({ productId, quantity });
      toast.success(t('product.addedToCart'));
    } catch (err) {
      errorToast(err, ['ALREADY_IN_CART', 'NOT_ENOUGH_POINTS']);
    }
  }
  return (
    <Button disabled={disabled || add.isPending} onClick={() => void onClick()}>
      {t('product.addToCart')}
    </Button>
  );
}
