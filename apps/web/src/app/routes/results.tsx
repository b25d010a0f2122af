import { Link, useParams, useSearchParams } from 'react-router';
import { productOrders, type ProductOrder } from '@rewards/shared/enums';
import { PRODUCTS_PAGE_SIZE, SEARCH_ORDER, SEARCH_TEXT_MAX } from '@rewards/shared/pages';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { useCategories } from '@/features/categories/api/get-categories';
import { productsQueryOptions, useProducts } from '@/features/products/api/get-products';
import { ProductGrid } from '@/features/products/components/product-grid';
import { SortSelect } from '@/features/products/components/sort-select';
import { Localized, useContent } from '@/components/ui/localized';
import { Page } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import type { FirstData } from '../first-data';

/** The search the page shows for its address: /results/{text}?order=&page=. */
function searchQuery(searchText: string, params: URLSearchParams) {
  const order = (productOrders as readonly string[]).includes(params.get('order') ?? '')
    ? (params.get('order') as ProductOrder)
    : SEARCH_ORDER;
  return {
    search: searchText.trim().slice(0, SEARCH_TEXT_MAX),
    order,
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PRODUCTS_PAGE_SIZE,
  };
}

export const firstData: FirstData = async ({ queryClient, params, search, user }) => {
  const query = searchQuery(params.searchText ?? '', search);
  if (query.search) await queryClient.prefetchQuery(productsQueryOptions(query, !!user));
};

export default function ResultsPage() {
  const { t } = useTranslation();
  const content = useContent();
  const { searchText = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const query = searchQuery(searchText, params);
  const results = useProducts(query, !!session.data, !session.isPending && query.search.length > 0);
  const categories = useCategories(session.data?.storeId);
  const update = (next: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...next });

  return (
    <Page
      title={t('results.title', { text: query.search })}
      actions={<SortSelect value={query.order} onChange={(o) => update({ order: o, page: '1' })} withRelevance />}
    >
      {results.data?.totalCount === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6">
          <p className="mb-4 text-slate-700" data-testid="no-results">
            {t('results.none', { text: query.search })}
          </p>
          <p className="mb-3 text-sm font-medium text-slate-800">{t('results.tryCategories')}</p>
          <ul className="flex flex-wrap gap-2">
            {categories.data?.data.slice(0, 8).map((c) => (
              <li key={c.id}>
                <Localized
                  as={Link}
                  to={`/category/${c.slug}`}
                  value={content(c, 'title')}
                  className="inline-block rounded-full border border-indigo-200 bg-indigo-50 px-3 py-1 text-sm text-indigo-800 hover:bg-indigo-100"
                />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <p className="mb-3 h-5 text-sm text-slate-600">{results.data && t('results.count', { count: results.data.totalCount })}</p>
          <ProductGrid products={results.data?.data} loading={results.isFetching} skeletons={PRODUCTS_PAGE_SIZE} />
          {results.data && (
            <Pagination page={results.data.page} totalPages={results.data.totalPages} onChange={(p) => update({ page: String(p) })} />
          )}
        </>
      )}
    </Page>
  );
}
