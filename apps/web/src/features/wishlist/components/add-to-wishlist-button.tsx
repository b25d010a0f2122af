import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { errorCode, useErrorToast } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useAddToWishlist } from '../api/add-to-wishlist';

/** 'Add to wishlist'; a product already there (CONFLICT) is a warning. */
export function AddToWishlistButton({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const errorToast = useErrorToast();
  const add = useAddToWishlist();
  async function onClick() {
    try {
      await add.mutateAsync(productId);
      toast.success(t('product.addedToWishlist'));
    } catch (err) {
      if (errorCode(err) === 'CONFLICT') toast.warning(t('product.alreadyInWishlist'));
      else errorToast(err, ['ALREADY_IN_CART', 'NOT_ENOUGH_POINTS']);
    }
  }
  return (
    <Button variant="secondary" disabled={add.isPending} onClick={() => void onClick()}>
      {t('product.addToWishlist')}
    </Button>
  );
}
