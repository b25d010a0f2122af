import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/use-translation';
import { Button } from '@/components/ui/button';
import { HeartIcon } from '@/components/ui/icons';
import { errorCode, useErrorToast } from '@/lib/error-text';
import { toast } from '@/lib/toast';
import { useAddToWishlist } from '../api/add-to-wishlist';
import { useRemoveFromWishlist } from '../api/remove-from-wishlist';
import { useWishlistItem, wishlistItemQueryOptions, type WishlistEntry } from '../api/get-wishlist-item';

/**
 * The product page's wishlist button: it shows whether the product is in the wishlist (a filled heart)
 * and says what a click does, "Add to wishlist" or "Remove from wishlist"; a click does it. Whether it is
 * there came with the page (its first data), so the first click is never refused as a duplicate.
 */
export function WishlistButton({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const errorToast = useErrorToast();
  const queryClient = useQueryClient();
  const entry = useWishlistItem(productId);
  const add = useAddToWishlist();
  const remove = useRemoveFromWishlist();
  const key = wishlistItemQueryOptions(productId).queryKey;
  const set = (value: WishlistEntry) => queryClient.setQueryData(key, value);
  const inList = !!entry.data;

  async function toggle() {
    try {
      if (entry.data) {
        await remove.mutateAsync(entry.data.id);
        set(null);
        toast.success(t('product.removedFromWishlist'));
      } else {
        const { data } = await add.mutateAsync(productId);
        set({ id: data.id });
        toast.success(t('product.addedToWishlist'));
      }
    } catch (err) {
      // Changed meanwhile in another tab: show it as it is now.
      if (errorCode(err) === 'CONFLICT' || errorCode(err) === 'NOT_FOUND') {
        void queryClient.invalidateQueries({ queryKey: key });
        if (errorCode(err) === 'CONFLICT') toast.warning(t('product.alreadyInWishlist'));
      } else errorToast(err);
    }
  }

  return (
    <Button
      variant="secondary"
      disabled={entry.isPending || add.isPending || remove.isPending}
      onClick={() => void toggle()}
      data-testid="wishlist-button"
      data-in-wishlist={inList ? '1' : '0'}
    >
      <HeartIcon className={`h-5 w-5 ${inList ? 'fill-rose-600 text-rose-600' : 'text-slate-500'}`} />
      {inList ? t('product.removeFromWishlist') : t('product.addToWishlist')}
    </Button>
  );
}
