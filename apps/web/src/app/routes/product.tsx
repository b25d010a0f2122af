import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CART_MAX_QUANTITY } from '@rewards/shared/constants';
import { useSession } from '@/features/auth/api/get-session';
import { loginUrl } from '@/features/auth/login-url';
import { useAddToCart } from '@/features/cart/api/cart';
import { useCreateOrder } from '@/features/orders/api/orders';
import { useWishlistChange } from '@/features/wishlist/api/wishlist';
import { countView, useProduct } from '@/features/products/api/get-product';
import { useOtherResults } from '@/features/products/api/get-product-rows';
import { ProductGrid } from '@/features/products/components/product-grid';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useUiState } from '@/components/ui/ui-state';
import { formatPoints } from '@/lib/format';
import { srcSet, variantUrl } from '@/lib/images';

export default function ProductPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const slug = params.get('slug') ?? '';
  const session = useSession();
  const product = useProduct(slug, !!session.data);
  const [picture, setPicture] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const counted = useRef<number | null>(null);
  const p = product.data;
  const others = useOtherResults({ categoryId: p?.categoryId, excludeId: p?.id }, !!session.data);
  const navigate = useNavigate();
  const addToCart = useAddToCart();
  const wishlist = useWishlistChange();
  const createOrder = useCreateOrder();
  const { withLoading } = useUiState();

  /** Business refusals are shown here, where they happen (SPEC.md section 8 messages). */
  const refusal = (err: unknown) => {
    const code = err instanceof ApiError ? err.code : 'INTERNAL_ERROR';
    if (code === 'ALREADY_IN_CART' || code === 'NOT_ENOUGH_POINTS' || code === 'CONFLICT')
      toast.warning(code === 'CONFLICT' ? t('product.alreadyInWishlist') : t(`errors:${code}`));
    else toast.error(t(`errors:${code}`));
  };
  async function onAddToCart(productId: number) {
    try {
      await addToCart.mutateAsync({ productId, quantity });
      toast.success(t('product.addedToCart'));
    } catch (err) {
      refusal(err);
    }
  }
  async function onWishlist(productId: number) {
    try {
      await wishlist.add.mutateAsync(productId);
      toast.success(t('product.addedToWishlist'));
    } catch (err) {
      refusal(err);
    }
  }
  async function onBuyNow(productId: number) {
    try {
      await withLoading(createOrder.mutateAsync({ lines: [{ productId, quantity }] }));
      toast.success(t('orders.created'));
      void navigate('/myOrders');
    } catch (err) {
      refusal(err);
    }
  }

  useEffect(() => {
    if (p && counted.current !== p.id) {
      counted.current = p.id;
      void countView(p.id);
      setPicture(0);
      setQuantity(1);
    }
  }, [p]);

  if (product.isError) {
    const code = product.error instanceof ApiError ? product.error.code : 'INTERNAL_ERROR';
    return (
      <Page title={t('pages.product.title')}>
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="product-error">
          {code === 'NOT_AVAILABLE_IN_STORE' || code === 'NOT_FOUND'
            ? t(`errors:${code === 'NOT_FOUND' ? 'NOT_AVAILABLE_IN_STORE' : code}`)
            : t(`errors:${code}`)}
        </p>
        <Link to="/" className="mt-4 inline-block font-semibold text-indigo-700 hover:underline">
          {t('notFound.home')}
        </Link>
      </Page>
    );
  }
  if (!p) {
    return (
      <Page title={t('loading')}>
        <div className="grid gap-6 md:grid-cols-2" aria-busy="true">
          <div className="aspect-square animate-pulse rounded-xl bg-slate-200" />
          <div className="space-y-3">
            <div className="h-6 w-2/3 animate-pulse rounded bg-slate-200" />
            <div className="h-24 animate-pulse rounded bg-slate-100" />
          </div>
        </div>
      </Page>
    );
  }

  const maxQuantity = Math.min(p.stock, CART_MAX_QUANTITY);
  const current = p.images[picture] ?? p.images[0];
  return (
    <Page title={p.name}>
      <div className="grid gap-8 md:grid-cols-2">
        <div>
          {current && (
            <img
              src={variantUrl(current.url, 1200)}
              srcSet={srcSet(current.url)}
              sizes="(min-width: 768px) 600px, 100vw"
              alt={p.name}
              width={600}
              height={600}
              className="aspect-square w-full rounded-xl border border-slate-200 bg-white object-cover"
            />
          )}
          {p.images.length > 1 && (
            <ul className="mt-3 flex gap-2" aria-label={t('product.pictures')}>
              {p.images.map((img, i) => (
                <li key={img.id}>
                  <button
                    type="button"
                    onClick={() => setPicture(i)}
                    aria-label={t('product.showPicture', { n: i + 1 })}
                    aria-pressed={i === picture}
                    className={`h-16 w-16 overflow-hidden rounded-md border-2 ${i === picture ? 'border-indigo-600' : 'border-transparent'}`}
                  >
                    <img src={variantUrl(img.url, 300)} alt="" className="h-full w-full object-cover" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="space-y-4">
          <Link to={`/category/${p.categorySlug}`} className="text-sm font-medium text-indigo-700 hover:underline">
            {p.categoryTitle}
          </Link>
          <p className="text-2xl font-bold text-indigo-800" data-testid="product-page-price">
            {t('product.price', { points: formatPoints(p.price) })}
          </p>
          <p className={`text-sm font-medium ${p.stock > 0 ? 'text-emerald-700' : 'text-rose-700'}`} data-testid="availability">
            {p.stock > 0 ? t('product.available', { count: p.stock }) : t('product.soldOut')}
          </p>
          <p className="whitespace-pre-line text-slate-700">{p.description}</p>
          {p.stock > 0 && (
            <label className="flex items-center gap-2 text-sm">
              {t('product.quantity')}
              <select
                value={quantity}
                onChange={(e) => setQuantity(Number(e.target.value))}
                className="rounded-md border border-slate-300 px-2 py-1.5"
                data-testid="quantity"
              >
                {Array.from({ length: maxQuantity }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          {session.data ? (
            <div className="flex flex-wrap gap-2">
              <Button disabled={p.stock === 0 || addToCart.isPending} onClick={() => void onAddToCart(p.id)}>
                {t('product.addToCart')}
              </Button>
              <Button variant="secondary" disabled={p.stock === 0 || createOrder.isPending} onClick={() => void onBuyNow(p.id)}>
                {t('product.buyNow')}
              </Button>
              <Button variant="secondary" disabled={wishlist.add.isPending} onClick={() => void onWishlist(p.id)}>
                {t('product.addToWishlist')}
              </Button>
            </div>
          ) : (
            <a
              href={loginUrl(`/product?slug=${encodeURIComponent(p.slug)}`)}
              className="inline-block rounded-md bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
            >
              {t('product.signInToBuy')}
            </a>
          )}
        </div>
      </div>
      {others.data && others.data.length > 0 && (
        <section className="mt-10" aria-labelledby="related">
          <h2 id="related" className="mb-3 text-lg font-semibold">
            {t('category.otherResults')}
          </h2>
          <ProductGrid products={others.data.slice(0, 5)} loading={false} />
        </section>
      )}
    </Page>
  );
}
