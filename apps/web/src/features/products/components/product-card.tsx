import { Link } from 'react-router';
import type { Product } from '@rewards/shared/products';
import { useTranslation } from '@/lib/use-translation';
import { formatPoints } from '@/lib/format';
import { srcSet, variantUrl } from '@/lib/images';
import { Localized, useContent } from '@/components/ui/localized';

export function ProductCard({ product, eager = false }: { product: Product; eager?: boolean }) {
  const { t } = useTranslation();
  const content = useContent();
  const name = content(product, 'name');
  const picture = product.images[0]?.url;
  return (
    <Link
      to={`/product?slug=${encodeURIComponent(product.slug)}`}
      className="group flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm hover:border-indigo-300 hover:shadow"
      data-testid="product-card"
    >
      <div className="relative aspect-square bg-slate-100">
        {picture && (
          <img
            src={variantUrl(picture, 300)}
            srcSet={srcSet(picture)}
            sizes="(min-width: 1024px) 220px, 45vw"
            alt={name.text}
            lang={name.fallback ? name.lang : undefined}
            width={300}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="h-full w-full object-cover"
          />
        )}
        {product.featured && (
          <span className="absolute left-2 top-2 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-amber-950">
            {t('product.featured')}
          </span>
        )}
        {product.stock === 0 && (
          <span className="absolute right-2 top-2 rounded-full bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white">
            {t('product.soldOut')}
          </span>
        )}
      </div>
      {/* Two lines for the name whatever its length: every card, and its skeleton, is the same height. */}
      <div className="flex flex-col gap-1 p-3">
        <Localized
          value={name}
          className="line-clamp-2 h-10 text-sm leading-5 font-medium text-slate-900 group-hover:text-indigo-800"
          data-testid="product-name"
        />
        <span className="h-5 text-sm leading-5 font-bold text-indigo-800" data-testid="product-price">
          {t('product.price', { points: formatPoints(product.price) })}
        </span>
      </div>
    </Link>
  );
}

/** A card while its product loads, with the card's exact geometry (docs/decisions/0028-light-first-paint.md). */
export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm" aria-hidden="true">
      <div className="aspect-square animate-pulse bg-slate-200" />
      <div className="flex flex-col gap-1 p-3">
        <div className="flex h-10 flex-col justify-around">
          <div className="h-3.5 animate-pulse rounded bg-slate-200" />
          <div className="h-3.5 w-2/3 animate-pulse rounded bg-slate-200" />
        </div>
        <div className="flex h-5 items-center">
          <div className="h-3.5 w-1/2 animate-pulse rounded bg-slate-200" />
        </div>
      </div>
    </div>
  );
}
