import { Link, useParams, useSearchParams } from 'react-router';
import { productOrders, type ProductOrder } from '@rewards/shared/enums';
import { CATEGORY_ORDER, PRODUCTS_PAGE_SIZE } from '@rewards/shared/pages';
import { useTranslation } from '@/lib/use-translation';
import { useSession } from '@/features/auth/api/get-session';
import { categoriesQueryOptions, useCategories } from '@/features/categories/api/get-categories';
import { otherResultsQueryOptions, useOtherResults } from '@/features/products/api/get-other-results';
import { productsQueryOptions, useProducts } from '@/features/products/api/get-products';
import { ProductGrid } from '@/features/products/components/product-grid';
import { SortSelect } from '@/features/products/components/sort-select';
import { Localized, useContent } from '@/components/ui/localized';
import { Page } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';
import type { FirstData } from '../first-data';

/** The list the page shows for its address: /category/{slug}?order=&page=. */
function listQuery(slug: string, params: URLSearchParams) {
  const order = (productOrders as readonly string[]).includes(params.get('order') ?? '')
    ? (params.get('order') as ProductOrder)
    : CATEGORY_ORDER;
  return { slug, order, page: Math.max(1, Number(params.get('page')) || 1), pageSize: PRODUCTS_PAGE_SIZE };
}

export const firstData: FirstData = async ({ queryClient, params, search, user }) => {
  const slug = params.categorySlug ?? '';
  await Promise.all([
    queryClient.prefetchQuery(productsQueryOptions(listQuery(slug, search), !!user)),
    queryClient.prefetchQuery(categoriesQueryOptions(user?.storeId)),
  ]);
  const categories = queryClient.getQueryData(categoriesQueryOptions(user?.storeId).queryKey);
  const category = categories?.data.find((c) => c.slug === slug);
  if (categories) await queryClient.prefetchQuery(otherResultsQueryOptions({ categoryId: category?.id }, !!user));
};

export default function CategoryPage() {
  const { t } = useTranslation();
  const content = useContent();
  const { categorySlug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const signedIn = !!session.data;
  const query = listQuery(categorySlug, params);
  const categories = useCategories(session.data?.storeId);
  const category = categories.data?.data.find((c) => c.slug === categorySlug);
  const products = useProducts(query, signedIn, !session.isPending);
  // Other results once the category is known (or known not to exist): one request, for the right category.
  const others = useOtherResults({ categoryId: category?.id }, signedIn, categories.isSuccess);
  const list = products.data;

  const update = (next: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...next }, { replace: false });
  const categoryTitle = category && content(category, 'title');
  const title = categoryTitle?.text ?? (categories.isPending ? t('loading') : t('pages.category.title'));
  const otherProducts = others.data?.filter((p) => p.categoryId !== category?.id).slice(0, 5) ?? [];

  return (
    <Page
      title={title}
      heading={categoryTitle && <Localized value={categoryTitle} data-testid="category-title" />}
      actions={<SortSelect value={query.order} onChange={(o) => update({ order: o, page: '1' })} />}
    >
      {/* Two lines at most, always there: the grid below starts at the same place whatever loads first. */}
      {category ? (
        <Localized as="p" value={content(category, 'description')} className="-mt-2 mb-4 line-clamp-2 min-h-6 text-slate-600" />
      ) : (
        <p className="-mt-2 mb-4 line-clamp-2 min-h-6 text-slate-600" />
      )}
      {list?.totalCount === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          {t('category.empty')}{' '}
          <Link to="/" className="font-semibold text-indigo-700 hover:underline">
            {t('notFound.home')}
          </Link>
        </p>
      ) : (
        <>
          <p className="mb-3 h-5 text-sm text-slate-600">{list && t('results.count', { count: list.totalCount })}</p>
          <ProductGrid products={list?.data} loading={products.isFetching} skeletons={PRODUCTS_PAGE_SIZE} />
          {list && <Pagination page={list.page} totalPages={list.totalPages} onChange={(p) => update({ page: String(p) })} />}
        </>
      )}
      {otherProducts.length > 0 && (
        <section className="mt-10" aria-labelledby="other-results">
          <h2 id="other-results" className="mb-3 text-lg font-semibold">
            {t('category.otherResults')}
          </h2>
          <ProductGrid products={otherProducts} loading={false} />
        </section>
      )}
    </Page>
  );
}
