import { productOrders, type ProductOrder } from './enums.ts';
import {
  ADMIN_FRAME,
  CATEGORY_ORDER,
  CELEBRATIONS_STRIP_SIZE,
  FEED_PAGE_SIZE,
  HOME_FIRST_ROWS,
  HOME_ROW_SIZE,
  LATEST_NOTIFICATIONS_PAGE_SIZE,
  MOVEMENTS_PAGE_SIZE,
  MY_ORDERS_PAGE_SIZE,
  NOTIFICATIONS_PAGE_SIZE,
  OTHER_RESULTS_LIMIT,
  PRODUCTS_PAGE_SIZE,
  SEARCH_ORDER,
  SEARCH_TEXT_MAX,
  WHOLE_LIST_PAGE_SIZE,
  WISHLIST_PAGE_SIZE,
  type AppPage,
  type SearchParams,
  type Visitor,
} from './pages.ts';

/**
 * What each page of pages.ts needs first, by its module: the text namespaces it renders with and the
 * requests it makes, with the paths and parameters the web app's API files use. The server asks the same
 * in-process and sends the answers inside the page's HTML with the texts' chunks and their names
 * (docs/decisions/0026-page-first-data.md); the web app loads the texts the HTML names, and each page asks
 * its requests through its real queries (the `firstData` its route module exports,
 * apps/web/src/app/first-data.ts). A web test runs both for signed-in and signed-out visitors, with and
 * without a query string, and compares what they ask (apps/web/src/app/first-data.test.ts). Only the
 * server and that test read this module: the web app does not download it.
 */

export type Query = Record<string, string | number | boolean | undefined | null>;
/** Asks the API as the visitor: the parsed answer when it is a 2xx JSON one, else undefined. */
export type Get = (apiPath: string, query?: Query) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface RequestContext {
  get: Get;
  user: Visitor | null;
  params: Record<string, string | undefined>;
  search: SearchParams;
}

/** A page's largest picture: preloaded with the same srcset and sizes as the `<img>` that shows it. */
export interface Picture {
  url: string;
  sizes: string;
}

/** A page's own first requests, beyond the shell's; may answer its largest picture. */
export type PageRequests = (c: RequestContext) => Promise<Picture | void>;

export interface PageContext {
  user: Visitor | null;
  search: SearchParams;
}

/** What a page's module (or a frame) needs before its first render. */
export interface PageNeeds {
  /** Text namespaces it renders with beyond `common`: loaded before its first render, their chunks named in its HTML. */
  texts?: (c: PageContext) => readonly string[];
  /** Its first requests, beyond the shell's. */
  requests?: PageRequests;
}

/**
 * The `sizes` of the `<img>` that shows each page's largest picture, for its preload: the same as the
 * components' (BannerCarousel, ProductCard, ProductDetail; a web test reads them and compares).
 */
export const pictureSizes = {
  banner: '(min-width: 1280px) 806px, (min-width: 1024px) 66vw, 100vw',
  productCard: '(min-width: 1024px) 220px, 45vw',
  productDetail: '(min-width: 768px) 600px, 100vw',
} as const;

function listOrder(search: SearchParams, fallback: ProductOrder): ProductOrder {
  const order = search.get('order') ?? '';
  return (productOrders as readonly string[]).includes(order) ? (order as ProductOrder) : fallback;
}
const listPage = (search: SearchParams) => Math.max(1, Number(search.get('page')) || 1);

/** The list /category/{slug}?order=&page= shows (as the page builds it: apps/web/src/app/routes/category.tsx). */
export function categoryListQuery(slug: string, search: SearchParams) {
  return { slug, order: listOrder(search, CATEGORY_ORDER), page: listPage(search), pageSize: PRODUCTS_PAGE_SIZE };
}

/** The search /results/{text}?order=&page= shows (as the page builds it: apps/web/src/app/routes/results.tsx). */
export function searchListQuery(text: string, search: SearchParams) {
  return {
    search: text.trim().slice(0, SEARCH_TEXT_MAX),
    order: listOrder(search, SEARCH_ORDER),
    page: listPage(search),
    pageSize: PRODUCTS_PAGE_SIZE,
  };
}

/** A positive whole number in an address (`?valueId=3`, `/recognition/7`), else undefined. */
export function idParam(value: string | null | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 2_147_483_647 ? n : undefined;
}

/** The peer feed's filters as /feed?valueId=&personId=&storeId= names them (as the page reads them: apps/web/src/features/peer/filters.ts). */
export function feedFiltersOf(search: SearchParams): { valueId?: number; personId?: number; storeId?: number } {
  const filters: { valueId?: number; personId?: number; storeId?: number } = {};
  for (const name of ['valueId', 'personId', 'storeId'] as const) {
    const id = idParam(search.get(name));
    if (id !== undefined) filters[name] = id;
  }
  return filters;
}

const firstPicture = (list: { images?: { url: string }[] }[] | undefined) => list?.[0]?.images?.[0]?.url;
const products = (user: Visitor | null) => (user ? '/api/productsAuth/' : '/api/products/all/');
const otherResults = (user: Visitor | null) => (user ? '/api/products/otherResultsAuth' : '/api/products/otherResults');
const signedInTexts =
  (ns: string) =>
  ({ user }: PageContext) =>
    user ? [ns] : [];
const texts =
  (...ns: string[]) =>
  () =>
    ns;

/** The needs of each page module and frame that has any, by its module. */
export const pageNeeds: Record<string, PageNeeds> = {
  'src/app/routes/home.tsx': {
    // No texts beyond the shell's: the notifications block (signed in) is below the first screen and loads
    // its own later (HomeNotificationsSlot; docs/decisions/0028-light-first-paint.md).
    // The banners and the rows of the first screen (the rows below it load as they near the screen).
    requests: async ({ get, user }) => {
      const [banners] = await Promise.all([
        get('/api/banners/', { storeId: user?.storeId }),
        ...HOME_FIRST_ROWS.map((type) => get('/api/products/stats/', { type, limit: HOME_ROW_SIZE })),
      ]);
      const picture = banners?.data?.[0]?.picture;
      return picture ? { url: picture, sizes: pictureSizes.banner } : undefined;
    },
  },
  // The page's texts, and the messages when the address names a code (a refused or failed sign-in).
  'src/app/routes/login.tsx': { texts: ({ search }) => (search.get('error') ? ['login', 'errors'] : ['login']) },
  'src/app/routes/logout.tsx': { texts: texts('logout') },
  'src/app/routes/category.tsx': {
    requests: async ({ get, user, params, search }) => {
      const slug = params.categorySlug ?? '';
      const [list, categories] = await Promise.all([
        get(products(user), categoryListQuery(slug, search)),
        get('/api/categories/', { storeId: user?.storeId, pageSize: WHOLE_LIST_PAGE_SIZE }),
      ]);
      const category = categories?.data?.find((c: { slug: string }) => c.slug === slug);
      if (categories) await get(otherResults(user), { categoryId: category?.id, limit: OTHER_RESULTS_LIMIT });
      const picture = firstPicture(list?.data);
      return picture ? { url: picture, sizes: pictureSizes.productCard } : undefined;
    },
  },
  'src/app/routes/results.tsx': {
    requests: async ({ get, user, params, search }) => {
      const query = searchListQuery(params.searchText ?? '', search);
      if (!query.search) return;
      const picture = firstPicture((await get(products(user), query))?.data);
      return picture ? { url: picture, sizes: pictureSizes.productCard } : undefined;
    },
  },
  'src/app/routes/product.tsx': {
    // Signed in, the texts of buy now's confirmation (docs/architecture.md A6.6).
    texts: signedInTexts('orders'),
    // The product by its slug, then as the signed-in user's store has it; other results of its category;
    // signed in, whether it is in the wishlist.
    requests: async ({ get, user, search }) => {
      const slug = search.get('slug');
      if (!slug) return;
      let product = (await get(`/api/products/slug/${encodeURIComponent(slug)}`))?.data;
      if (!product) return;
      if (user) product = (await get(`/api/productsAuth/${product.id}`))?.data ?? product;
      await Promise.all([
        get(otherResults(user), { categoryId: product.categoryId, excludeId: product.id, limit: OTHER_RESULTS_LIMIT }),
        // Whether it is in the reader's wishlist (the button shows it).
        user && get('/api/wishlists/', { productId: product.id, page: 1, pageSize: 1 }),
      ]);
      const picture = firstPicture([product]);
      return picture ? { url: picture, sizes: pictureSizes.productDetail } : undefined;
    },
  },
  'src/app/routes/about.tsx': {
    // The page's texts and its program calendar's.
    texts: texts('about', 'points'),
    requests: async ({ get, search }) => {
      // The store named in the address, else the first one (as the page chooses).
      const stores: { id: number }[] | undefined = (await get('/api/stores/', { pageSize: WHOLE_LIST_PAGE_SIZE }))?.data;
      const store = stores?.find((s) => String(s.id) === search.get('store')) ?? stores?.[0];
      await Promise.all([get('/api/program'), get('/api/rewards/', { storeId: store?.id, active: true, pageSize: WHOLE_LIST_PAGE_SIZE })]);
    },
  },
  'src/app/routes/faq.tsx': { texts: texts('faq') },
  'src/app/routes/cart.tsx': {
    texts: signedInTexts('cart'),
    requests: async ({ get, user }) => void (user && (await get('/api/shoppingCart/'))),
  },
  'src/app/routes/wishlist.tsx': {
    texts: signedInTexts('wishlist'),
    requests: async ({ get, user }) => void (user && (await get('/api/wishlists/', { page: 1, pageSize: WISHLIST_PAGE_SIZE }))),
  },
  'src/app/routes/my-orders.tsx': {
    texts: signedInTexts('orders'),
    requests: async ({ get, user }) => void (user && (await get('/api/orders/user', { page: 1, pageSize: MY_ORDERS_PAGE_SIZE }))),
  },
  'src/app/routes/my-profile.tsx': {
    texts: texts('profile'),
    // The details, the preferences and the own celebrations' choices (docs/architecture.md A6.17).
    requests: async ({ get, user }) =>
      void (user && (await Promise.all([get('/api/users/profile'), get('/api/userPreferences'), get('/api/users/profile/celebrations')]))),
  },
  'src/app/routes/account.tsx': {
    // The page's texts and its date fields' (the custom period).
    texts: ({ user }) => (user ? ['points', 'controls'] : []),
    requests: async ({ get, user }) => {
      if (!user) return;
      const [program] = await Promise.all([get('/api/program'), get('/api/accounts/statistics')]);
      // The movements of this program year, the period the page opens with.
      if (program?.data) await get('/api/accounts/myMovements', { from: program.data.year.from, page: 1, pageSize: MOVEMENTS_PAGE_SIZE });
    },
  },
  'src/app/routes/challenge.tsx': {
    texts: texts('challenges'),
    requests: async ({ get, user }) => void (user && (await get('/api/challenges/userChallenge'))),
  },
  'src/app/routes/notifications.tsx': {
    texts: texts('notifications'),
    requests: async ({ get, user }) => void (user && (await get('/api/notifications/', { page: 1, pageSize: NOTIFICATIONS_PAGE_SIZE }))),
  },
  // The peer feed's first page with the address's filters, and today's celebrations (docs/architecture.md
  // A6.17); one recognition with every comment.
  'src/app/routes/feed.tsx': {
    texts: texts('peer'),
    requests: async ({ get, user, search }) =>
      void (
        user &&
        (await Promise.all([
          get('/api/recognitions', { ...feedFiltersOf(search), limit: FEED_PAGE_SIZE }),
          get('/api/recognitions', { kind: 'celebration', limit: CELEBRATIONS_STRIP_SIZE }),
        ]))
      ),
  },
  'src/app/routes/recognition.tsx': {
    texts: texts('peer'),
    requests: async ({ get, user, params }) => {
      const id = idParam(params.id);
      if (user && id !== undefined) await get(`/api/recognitions/${id}`);
    },
  },
  // Budgets, awards and approvals (docs/architecture.md A6.19): the forms ask as they open.
  'src/app/routes/awards.tsx': { texts: texts('awards', 'peer') },
  'src/app/routes/approvals.tsx': { texts: texts('awards') },
  'src/app/routes/approval-link.tsx': { texts: texts('awards') },
  // The admin area's frame (its header's texts), then each admin page's own.
  // The texts of the forms' controls (both languages side by side, files, dates) too.
  [ADMIN_FRAME]: { texts: texts('admin', 'loads', 'challenges', 'controls') },
  'src/app/routes/admin/dashboard.tsx': { texts: texts('dashboard') },
  'src/app/routes/admin/orders.tsx': { texts: texts('admin') },
  'src/app/routes/admin/inventory.tsx': { texts: texts('admin') },
  'src/app/routes/admin/banners.tsx': { texts: texts('admin') },
  'src/app/routes/admin/rewards.tsx': { texts: texts('rewards') },
  'src/app/routes/admin/users.tsx': { texts: texts('users', 'peer') },
  'src/app/routes/admin/loads.tsx': { texts: texts('loads') },
  'src/app/routes/admin/loads-new.tsx': { texts: texts('loads') },
  'src/app/routes/admin/loads-report.tsx': { texts: texts('loads') },
  'src/app/routes/admin/loads-consolidated.tsx': { texts: texts('loads') },
  'src/app/routes/admin/stores.tsx': { texts: texts('stores') },
  'src/app/routes/admin/directory.tsx': { texts: texts('directory') },
  'src/app/routes/admin/audit.tsx': { texts: texts('audit') },
  'src/app/routes/admin/webhooks.tsx': { texts: texts('webhooks') },
  'src/app/routes/admin/challenges.tsx': { texts: texts('challenges') },
  'src/app/routes/admin/mail.tsx': { texts: texts('mail') },
  'src/app/routes/admin/peer.tsx': { texts: texts('peer') },
  'src/app/routes/admin/peer-report.tsx': { texts: texts('peerReport') },
  'src/app/routes/admin/celebrations.tsx': { texts: texts('celebrations') },
  'src/app/routes/admin/budgets.tsx': { texts: texts('awards', 'peer') },
};

/** The text namespaces a page renders with beyond `common`: its frame's, then its own. */
export function pageTexts(page: AppPage, c: PageContext): string[] {
  return [...new Set([page.frame, page.module].flatMap((module) => (module && pageNeeds[module]?.texts?.(c)) || []))];
}

/**
 * Everything a page asks first: the session, then together the shell's requests (the footer's stores;
 * the shop header's categories, counts, latest notifications and giving allowance; the admin frame needs
 * only the stores)
 * and the page's own. `onUser` hears the visitor as soon as the session answers.
 */
export async function askFirstData(
  page: AppPage,
  c: Omit<RequestContext, 'user'> & { onUser?: (user: Visitor | null) => void },
): Promise<Picture | void> {
  const { get } = c;
  const user: Visitor | null = (await get('/api/auth/session'))?.data ?? null;
  c.onUser?.(user);
  const shop = page.area === 'shop';
  const [, picture] = await Promise.all([
    Promise.all([
      get('/api/stores/', { pageSize: WHOLE_LIST_PAGE_SIZE }),
      shop && get('/api/categories/', { storeId: user?.storeId, pageSize: WHOLE_LIST_PAGE_SIZE }),
      shop && user && get('/api/users/profile/counters'),
      shop && user && get('/api/notifications/', { page: 1, pageSize: LATEST_NOTIFICATIONS_PAGE_SIZE }),
      // The header's give button shows what is left to give (peer recognition).
      shop && user && get('/api/recognitions/allowance'),
    ]),
    pageNeeds[page.module]?.requests?.({ get, user, params: c.params, search: c.search }),
  ]);
  return picture;
}
