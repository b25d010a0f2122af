import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { productOrders, type ProductOrder } from '@rewards/shared/products';
import { useSession } from '@/features/auth/api/get-session';
import { useCategories } from '@/features/categories/api/get-categories';
import { useOtherResults } from '@/features/products/api/get-other-results';
import { useProducts } from '@/features/products/api/get-products';
import { ProductGrid } from '@/features/products/components/product-grid';
import { SortSelect } from '@/features/products/components/sort-select';
import { Page } from '@/components/ui/page';
import { Pagination } from '@/components/ui/pagination';

const PAGE_SIZE = 20;

export default function CategoryPage() {
  const { t } = useTranslation();
  const { categorySlug = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const session = useSession();
  const signedIn = !!session.data;
  const order = (productOrders as readonly string[]).includes(params.get('order') ?? '')
    ? (params.get('order') as ProductOrder)
    : 'featured';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const categories = useCategories(session.data?.storeId);
  const category = categories.data?.data.find((c) => c.slug === categorySlug);
  const products = useProducts({ slug: categorySlug, order, page, pageSize: PAGE_SIZE }, signedIn, !session.isPending);
  const others = useOtherResults({ categoryId: category?.id }, signedIn);

  const update = (next: Record<string, string>) => setParams({ ...Object.fromEntries(params), ...next }, { replace: false });
  const title = category?.title ?? (categories.isPending ? t('loading') : t('pages.category.title'));

  return (
    <Page title={title} actions={<SortSelect value={order} onChange={(o) => update({ order: o, page: '1' })} />}>
      {category && <p className="-mt-2 mb-4 text-slate-600">{category.description}</p>}
      {products.data?.totalCount === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          {t('category.empty')}{' '}
          <Link to="/" className="font-semibold text-indigo-700 hover:underline">
            {t('notFound.home')}
          </Link>
        </p>
      ) : (
        <>
          {products.data && <p className="mb-3 text-sm text-slate-600">{t('results.count', { count: products.data.totalCount })}</p>}
          <ProductGrid products={products.data?.data} loading={products.isFetching} />
          {products.data && (
            <Pagination page={products.data.page} totalPages={products.data.totalPages} onChange={(p) => update({ page: String(p) })} />
          )}
        </>
      )}
      {others.data && others.data.filter((p) => p.categoryId !== category?.id).length > 0 && (
        <section className="mt-10" aria-labelledby="other-results">
          <h2 id="other-results" className="mb-3 text-lg font-semibold">
            {t('category.otherResults')}
          </h2>
          <ProductGrid products={others.data.filter((p) => p.categoryId !== category?.id).slice(0, 5)} loading={false} />
        </section>
      )}
    </Page>
  );
}
