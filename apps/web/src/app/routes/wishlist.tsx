import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useAddToCart } from '@/features/cart/api/add-to-cart';
import { useWishlist, wishlistQueryOptions } from '@/features/wishlist/api/get-wishlist';
import { useRemoveFromWishlist } from '@/features/wishlist/api/remove-from-wishlist';
import { Button } from '@/components/ui/button';
import { Localized, useContent } from '@/components/ui/localized';
import { Page } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import { useErrorText } from '@/lib/error-text';
import { formatPoints } from '@/lib/format';
import { variantUrl } from '@/lib/images';
import { toast } from '@/lib/toast';
import type { FirstData } from '../first-data';

export const firstData: FirstData = async ({ queryClient, user }) => user && queryClient.prefetchQuery(wishlistQueryOptions(1));

export default function WishlistPage() {
  const { t } = useTranslation('wishlist');
  const content = useContent();
  const [page, setPage] = useState(1);
  const wishlist = useWishlist(page);
  const errorText = useErrorText();
  const remove = useRemoveFromWishlist();
  const addToCart = useAddToCart();

  async function moveToCart(item: { id: number; productId: number }) {
    try {
      await addToCart.mutateAsync({ productId: item.productId, quantity: 1 });
      await remove.mutateAsync(item.id);
      toast.success(t('common:product.addedToCart'));
    } catch (err) {
      toast.warning(errorText(err));
    }
  }

  return (
    <Page title={t('title')}>
      {wishlist.data?.data.length === 0 && (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">{t('empty')}</p>
      )}
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-busy={wishlist.isFetching}>
        {wishlist.data?.data.map((w) => (
          <li key={w.id} className="flex flex-wrap items-center gap-4 p-4">
            {w.product.picture && (
              <img src={variantUrl(w.product.picture, 300)} alt="" width={64} height={64} className="h-16 w-16 rounded-md object-cover" />
            )}
            <div className="min-w-0 flex-1">
              <Localized
                as={Link}
                to={`/product?slug=${encodeURIComponent(w.product.slug)}`}
                value={content(w.product, 'name')}
                className="font-medium text-slate-900 hover:text-indigo-800"
              />
              <p className="text-sm text-slate-600">{t('common:product.price', { points: formatPoints(w.product.price) })}</p>
            </div>
            <Button variant="secondary" disabled={w.product.stock === 0} onClick={() => void moveToCart(w)}>
              {w.product.stock === 0 ? t('common:product.soldOut') : t('moveToCart')}
            </Button>
            <Button
              variant="ghost"
              className="text-rose-700"
              onClick={() =>
                remove.mutate(w.id, {
                  onSuccess: () => toast.success(t('removed')),
                  onError: (err) => toast.error(errorText(err)),
                })
              }
            >
              {t('remove')}
            </Button>
          </li>
        ))}
      </ul>
      {wishlist.data && <Pagination page={wishlist.data.page} totalPages={wishlist.data.totalPages} onChange={setPage} />}
    </Page>
  );
}
