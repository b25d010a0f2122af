import { useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { loginUrl } from '@/features/auth/login-url';
import { AddToCartButton } from '@/features/cart/components/add-to-cart-button';
import { BuyNowButton } from '@/features/orders/components/buy-now-button';
import { otherResultsQueryOptions } from '@/features/products/api/get-other-results';
import { productQueryOptions, useProduct } from '@/features/products/api/get-product';
import { OtherResults } from '@/features/products/components/other-results';
import { ProductDetail, ProductDetailSkeleton, ProductUnavailable } from '@/features/products/components/product-detail';
import { wishlistItemQueryOptions } from '@/features/wishlist/api/get-wishlist-item';
import { WishlistButton } from '@/features/wishlist/components/wishlist-button';
import { Localized, useContent } from '@/components/ui/localized';
import { Page } from '@/components/ui/page';
import type { FirstData } from '../first-data';

export const firstData: FirstData = async ({ queryClient, search, user }) => {
  const slug = search.get('slug');
  if (!slug) return;
  await queryClient.prefetchQuery(productQueryOptions(slug, !!user));
  const p = queryClient.getQueryData(productQueryOptions(slug, !!user).queryKey);
  if (!p) return;
  await Promise.all([
    queryClient.prefetchQuery(otherResultsQueryOptions({ categoryId: p.categoryId, excludeId: p.id }, !!user)),
    // Whether it is in the reader's wishlist: the button shows it from the first paint.
    user && queryClient.prefetchQuery(wishlistItemQueryOptions(p.id)),
  ]);
};

/** /product?slug=...: the product, what the reader can do with it, and other results. */
export default function ProductPage() {
  const { t } = useTranslation();
  const content = useContent();
  const slug = useSearchParams()[0].get('slug') ?? '';
  const session = useSession();
  const signedIn = !!session.data;
  const product = useProduct(slug, signedIn);
  const p = product.data;

  if (product.isError) return <ProductUnavailable error={product.error} />;
  if (!p) return <ProductDetailSkeleton />;
  const name = content(p, 'name');
  return (
    <Page title={name.text} heading={<Localized value={name} data-testid="product-title" />}>
      <ProductDetail
        key={p.id}
        product={p}
        actions={(quantity) =>
          signedIn ? (
            <div className="flex flex-wrap gap-2">
              <AddToCartButton productId={p.id} quantity={quantity} disabled={p.stock === 0} />
              <BuyNowButton product={p} quantity={quantity} balance={session.data?.points ?? 0} disabled={p.stock === 0} />
              <WishlistButton productId={p.id} />
            </div>
          ) : (
            <a
              href={loginUrl(`/product?slug=${encodeURIComponent(p.slug)}`)}
              className="inline-block rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
            >
              {t('product.signInToBuy')}
            </a>
          )
        }
      />
      <OtherResults categoryId={p.categoryId} excludeId={p.id} signedIn={signedIn} />
    </Page>
  );
}
