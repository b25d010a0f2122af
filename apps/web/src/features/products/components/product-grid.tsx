import type { Product } from '@rewards/shared/products';
import { useTranslation } from '@/lib/use-translation';
import { ProductCard, ProductCardSkeleton } from './product-card';

/**
 * Products in a grid of 2 to 5 columns. While they load (and nothing is shown yet), `skeletons` cards of
 * the same size hold their place: ask for as many as the page will show, so nothing moves when they come.
 */
export function ProductGrid({
  products,
  loading,
  skeletons = 10,
}: {
  products: Product[] | undefined;
  loading: boolean;
  skeletons?: number;
}) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy={loading}>
      {loading && !products
        ? Array.from({ length: skeletons }, (_, i) => (
            // Keys of their own: a card never takes over a skeleton's element (nor its place in the grid).
            <li key={`skeleton-${i}`} data-testid="product-card-skeleton">
              <ProductCardSkeleton />
            </li>
          ))
        : products?.map((p, i) => (
            <li key={p.id}>
              <ProductCard product={p} eager={i < 5} />
            </li>
          ))}
      {loading && <li className="sr-only">{t('loading')}</li>}
    </ul>
  );
}
