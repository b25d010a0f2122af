import { useTranslation } from '@/lib/use-translation';
import { useOtherResults } from '../api/get-other-results';
import { ProductGrid } from './product-grid';

/** "Other results" under a product: its category first, then the store's most viewed (five at most). */
export function OtherResults({ categoryId, excludeId, signedIn }: { categoryId?: number; excludeId?: number; signedIn: boolean }) {
  const { t } = useTranslation();
  const others = useOtherResults({ categoryId, excludeId }, signedIn);
  if (!others.data || others.data.length === 0) return null;
  return (
    <section className="mt-10" aria-labelledby="related">
      <h2 id="related" className="mb-3 text-lg font-semibold">
        {t('category.otherResults')}
      </h2>
      <ProductGrid products={others.data.slice(0, 5)} loading={false} />
    </section>
  );
}
