import type { ProductOrder } from '@rewards/shared/enums';
import { useTranslation } from '@/lib/use-translation';

const orders: ProductOrder[] = ['featured', 'date', 'price_asc', 'price_desc'];

export function SortSelect({
  value,
  onChange,
  withRelevance = false,
}: {
  value: ProductOrder;
  onChange: (o: ProductOrder) => void;
  withRelevance?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <label className="flex items-center gap-2 text-sm text-slate-700">
      {t('product.sortBy')}
      <select
        value={value}
        onChange={(e) => onChange(e.target.value as ProductOrder)}
        className="rounded-md border border-slate-300 bg-white px-2 py-1.5"
        data-testid="sort-select"
      >
        {(withRelevance ? (['relevance', ...orders] as ProductOrder[]) : orders).map((o) => (
          <option key={o} value={o}>
            {t(`product.order.${o}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
