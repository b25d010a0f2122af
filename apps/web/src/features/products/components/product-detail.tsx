import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CART_MAX_QUANTITY } from '@rewards/shared/constants';
import type { Product } from '@rewards/shared/products';
import { useTranslation } from '@/lib/use-translation';
import { Page } from '@/components/ui/page';
import { errorCode, useErrorText } from '@/lib/error-text';
import { formatPoints } from '@/lib/format';
import { srcSet, variantUrl } from '@/lib/images';
import { Localized, useContent } from '@/components/ui/localized';
import { countView } from '../api/count-view';

/**
 * The product page's body: pictures, category, price, availability, description, the quantity, and
 * `actions` for that quantity (buy, or sign in). Key it by product: another product starts at picture 1, quantity 1.
 */
export function ProductDetail({ product: p, actions }: { product: Product; actions: (quantity: number) => ReactNode }) {
  const { t } = useTranslation();
  const content = useContent();
  const name = content(p, 'name');
  const [picture, setPicture] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const counted = useRef<number | null>(null);
  useEffect(() => {
    if (counted.current === p.id) return;
    counted.current = p.id;
    void countView(p.id);
  }, [p.id]);

  const maxQuantity = Math.min(p.stock, CART_MAX_QUANTITY);
  const current = p.images[picture] ?? p.images[0];
  return (
    <div className="grid gap-8 md:grid-cols-2">
      <div>
        {current && (
          <img
            src={variantUrl(current.url, 1200)}
            srcSet={srcSet(current.url)}
            sizes="(min-width: 768px) 600px, 100vw"
            alt={name.text}
            lang={name.fallback ? name.lang : undefined}
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
        <Localized
          as={Link}
          to={`/category/${p.categorySlug}`}
          value={content(p, 'categoryTitle')}
          className="text-sm font-medium text-indigo-700 hover:underline"
        />
        <p className="text-2xl font-bold text-indigo-800" data-testid="product-page-price">
          {t('product.price', { points: formatPoints(p.price) })}
        </p>
        <p className={`text-sm font-medium ${p.stock > 0 ? 'text-emerald-700' : 'text-rose-700'}`} data-testid="availability">
          {p.stock > 0 ? t('product.available', { count: p.stock }) : t('product.soldOut')}
        </p>
        <Localized
          as="p"
          value={content(p, 'description')}
          className="whitespace-pre-line text-slate-700"
          data-testid="product-description"
        />
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
        {actions(quantity)}
      </div>
    </div>
  );
}

/** While the product loads: the page's frame, its picture's square and the lines beside it, in place. */
export function ProductDetailSkeleton() {
  const { t } = useTranslation();
  const bar = 'inline-block h-4 animate-pulse rounded bg-slate-200 align-middle';
  return (
    <Page title={t('loading')}>
      <div className="grid gap-8 md:grid-cols-2" aria-busy="true">
        <div className="aspect-square w-full animate-pulse rounded-xl border border-slate-200 bg-slate-200" />
        <div className="space-y-4">
          <p className="text-sm">
            <span className={`${bar} w-24`} />
          </p>
          <p className="text-2xl">
            <span className={`${bar} h-6 w-32`} />
          </p>
          <p className="text-sm">
            <span className={`${bar} w-28`} />
          </p>
          <p className="space-y-2">
            <span className={`${bar} w-full`} />
            <span className={`${bar} w-5/6`} />
          </p>
        </div>
      </div>
    </Page>
  );
}

/** A product that does not exist, or is not sold in the reader's store (docs/architecture.md P8). */
export function ProductUnavailable({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Page title={t('pages.product.title')}>
      <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900" data-testid="product-error">
        {errorCode(error) === 'NOT_FOUND' ? t('errors:NOT_AVAILABLE_IN_STORE') : errorText(error)}
      </p>
      <Link to="/" className="mt-4 inline-block font-semibold text-indigo-700 hover:underline">
        {t('notFound.home')}
      </Link>
    </Page>
  );
}
