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
import { AddToWishlistButton } from '@/features/wishlist/components/add-to-wishlist-button';
import { Page } from '@/components/ui/page';
import type { FirstData } from '../first-data';

export const firstData: FirstData = async ({ queryClient, search, user }) => {
  const slug = search.get('slug');
  if (!slug) return;
  await queryClient.prefetchQuery(productQueryOptions(slug, !!user));
  const p = queryClient.getQueryData(productQueryOptions(slug, !!user).queryKey);
  if (p) await queryClient.prefetchQuery(otherResultsQueryOptions({ categoryId: p.categoryId, excludeId: p.id }, !!user));
};

/** /product?slug=...: the product, what the reader can do with it, and other results. */
export default function ProductPage() {
  const { t } = useTranslation();
  const slug = useSearchParams()[0].get('slug') ?? '';
  const session = useSession();
  const signedIn = !!session.data;
  const product = useProduct(slug, signedIn);
  const p = product.data;

  if (product.isError) return <ProductUnavailable error={product.error} />;
  if (!p) return <ProductDetailSkeleton />;
  return (
    <Page title={p.name}>
      <ProductDetail
        key={p.id}
        product={p}
        actions={(quantity) =>
          signedIn ? (
            <div className="flex flex-wrap gap-2">
              <AddToCartButton productId={p.id} quantity={quantity} disabled={p.stock === 0} />
              <BuyNowButton productId={p.id} quantity={quantity} disabled={p.stock === 0} />
              <AddToWishlistButton productId={p.id} />
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
