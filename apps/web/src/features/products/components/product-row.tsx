import { useTranslation } from '@/lib/use-translation';
import { useInView } from '@/lib/use-in-view';
import { useProductRow, type ProductRowKind } from '../api/get-product-rows';
import { ProductCard, ProductCardSkeleton } from './product-card';

/**
 * One home row (featured, new, recommended, most viewed, last shopping). A row of the first screen
 * (`firstScreen`) came with the page and paints with it; a row below the fold
 * loads on its own when it nears the screen, skeleton cards of the cards' size holding its place meanwhile.
 */
export function ProductRow({
  kind,
  title,
  userId,
  firstScreen = false,
}: {
  kind: ProductRowKind;
  title: string;
  userId: number | null;
  firstScreen?: boolean;
}) {
  const { t } = useTranslation();
  const { ref, inView } = useInView<HTMLElement>();
  const row = useProductRow(kind, userId, firstScreen || inView);
  if (row.isSuccess && row.data.length === 0) return null;
  return (
    <section ref={ref} className="mb-8" aria-labelledby={`row-${kind}`} aria-busy={row.isPending} data-testid={`row-${kind}`}>
      <h2 id={`row-${kind}`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {row.isError ? (
        <p className="text-sm text-rose-700">{t('home.rowError')}</p>
      ) : (
        <ul className="flex snap-x gap-3 overflow-x-auto pb-2">
          {/* Skeleton cards until the row loads: the same size as its cards, so the page below stays put. */}
          {(row.data ?? Array.from({ length: 5 }, () => null)).map((p, i) => (
            <li key={p?.id ?? i} className="w-40 shrink-0 snap-start sm:w-48">
              {p ? <ProductCard product={p} /> : <ProductCardSkeleton />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
