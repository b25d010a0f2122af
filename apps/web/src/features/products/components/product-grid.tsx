import { useTranslation } from 'react-i18next';
import type { Product } from '@rewards/shared/products';
import { ProductCard, ProductCardSkeleton } from './product-card';

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
            <li key={i}>
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
