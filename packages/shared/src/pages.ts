import { MAX_PAGE_SIZE } from './constants.ts';
import type { ProductOrder } from './enums.ts';

/**
 * The web app's pages, each once: its address in the router's syntax, its module (its key in Vite's
 * manifest), its frame and its area. The web's router builds its routes from this list
 * (apps/web/src/app/router.tsx); the server serves each page's HTML from it, with the page's chunks, texts
 * and first data as page-requests.ts describes them (apps/server/src/plugins/web-app.ts;
 * docs/decisions/0026-page-first-data.md). Zod-free and small: the web loads it on every page
 * (docs/decisions/0028-light-first-paint.md), so what only the server reads is in page-requests.ts.
 */

/** The visitor as the session check answers it, as far as a page's texts and first requests depend on it. */
export interface Visitor {
  id: number;
  storeId: number | null;
}

/** An address's query string, as far as a page reads it (a `URLSearchParams`). */
export interface SearchParams {
  get(name: string): string | null;
}

export type Area = 'shop' | 'admin';

export interface AppPage {
  /** Its address, as the router writes it (`/category/:categorySlug`), and matches it: any case, trailing slashes allowed. */
  path: string;
  /** The page's module in the web app (its key in Vite's manifest). */
  module: string;
  /** The frame it opens in, beyond the shop's own (the admin area's header with its store picker). */
  frame?: string;
  /** The shell whose first requests it shares: the shop's header and footer, or the admin area's. */
  area: Area;
  /** Shown only to someone signed in (the router asks for a session first). */
  signedIn?: boolean;
}

/** The frame of the admin area, loaded with any of its addresses. */
export const ADMIN_FRAME = 'src/app/layouts/admin-layout.tsx';

// What pages ask first, with the same numbers wherever the web asks the same list again.

/** Lists shown whole (the shop's categories, the stores, a store's recognitions): the API's largest page. */
export const WHOLE_LIST_PAGE_SIZE = MAX_PAGE_SIZE;
/** Product cards of a category or a search, a page. */
export const PRODUCTS_PAGE_SIZE = 20;
/** The latest notifications, shared by the header's menu and the home page's block. */
export const LATEST_NOTIFICATIONS_PAGE_SIZE = 5;
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const WISHLIST_PAGE_SIZE = 20;
export const MY_ORDERS_PAGE_SIZE = 10;
export const MOVEMENTS_PAGE_SIZE = 10;
/** Recognitions of the peer feed, a page ("load more" asks the next). */
export const FEED_PAGE_SIZE = 20;
/** The latest celebrations /feed asks for its "today's celebrations" strip (it keeps those of today). */
export const CELEBRATIONS_STRIP_SIZE = 20;
/** The products of a home row (featured, new, recommended, most viewed). */
export const HOME_ROW_SIZE = 10;
/**
 * The home rows of the first screen, on a phone and on a desktop: they come with the page (its first data)
 * and paint with it; the rows below them load as they near the screen.
 */
export const HOME_FIRST_ROWS = ['featured', 'new'] as const;
/** "Other results" asked for a category or a product (the page shows fewer, without the ones it already has). */
export const OTHER_RESULTS_LIMIT = 8;
/** A search text, as far as it is searched for. */
export const SEARCH_TEXT_MAX = 120;

/** The order a category's products come in, and a search's, when the address names none. */
export const CATEGORY_ORDER: ProductOrder = 'featured';
export const SEARCH_ORDER: ProductOrder = 'relevance';

const shop = (path: string, page: string, signedIn?: true): AppPage => ({
  path,
  module: `src/app/routes/${page}.tsx`,
  area: 'shop',
  signedIn,
});
/** An admin page, in the area's frame. */
const admin = (path: string, page: string): AppPage => ({
  path: `/admin${path}`,
  module: `src/app/routes/admin/${page}.tsx`,
  frame: ADMIN_FRAME,
  area: 'admin',
});

/** The routes of docs/architecture.md P2 whose feature works today. */
export const pages: readonly AppPage[] = [
  shop('/', 'home'),
  shop('/login', 'login'),
  shop('/logout', 'logout'),
  shop('/results/:searchText', 'results'),
  shop('/category/:categorySlug', 'category'),
  shop('/product', 'product'),
  shop('/about', 'about'),
  shop('/faq', 'faq'),
  shop('/cart', 'cart', true),
  shop('/wishlist', 'wishlist', true),
  shop('/myOrders', 'my-orders', true),
  shop('/myProfile', 'my-profile', true),
  shop('/account', 'account', true),
  shop('/challenge', 'challenge', true),
  shop('/notifications', 'notifications', true),
  shop('/feed', 'feed', true),
  shop('/recognition/:id', 'recognition', true),
  shop('/awards', 'awards', true),
  shop('/awards/:id', 'awards', true),
  shop('/approvals', 'approvals', true),
  shop('/approvals/:stepId', 'approvals', true),
  // The token of an approval e-mail's link is the credential: no session needed (A6.19).
  shop('/approvals/link/:token', 'approval-link'),
  admin('', 'dashboard'),
  admin('/orders', 'orders'),
  admin('/orders/:id', 'orders'),
  admin('/inventory/:storeId', 'inventory'),
  admin('/banners/:storeId', 'banners'),
  admin('/rewards/:storeId', 'rewards'),
  admin('/users', 'users'),
  admin('/loads', 'loads'),
  admin('/loads/new', 'loads-new'),
  admin('/loads/report/:id', 'loads-report'),
  admin('/loads/consolidated/:id', 'loads-consolidated'),
  admin('/loads/:storeId', 'loads-new'),
  admin('/stores', 'stores'),
  admin('/directory', 'directory'),
  admin('/audit', 'audit'),
  admin('/webhooks', 'webhooks'),
  admin('/challenge/:storeId', 'challenges'),
  admin('/mail', 'mail'),
  admin('/peer/:storeId', 'peer'),
  admin('/peer/:storeId/report', 'peer-report'),
  admin('/celebrations/:storeId', 'celebrations'),
  admin('/budgets', 'budgets'),
];

/** A path's segments decoded as the router decodes them (an encoded `/` stays inside its segment). */
function decodePath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((s) => decodeURIComponent(s).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

let compiled: { page: AppPage; names: string[]; pattern: RegExp }[] | undefined;
function patterns() {
  return (compiled ??= pages.map((page) => {
    const names: string[] = [];
    const source = page.path
      .replace(/\/+$/, '')
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[\\.*+^$?{}|()[\]]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^\\/]+)';
      })
      .join('/');
    // As `matchPath` compiles an address without `end: false`: any case, trailing slashes allowed.
    return { page, names, pattern: new RegExp(`^${source || '/'}\\/*$`, 'i') };
  }));
}

/**
 * The page an address opens and its parameters, as the router matches it (`matchRoutes`, which the web
 * app itself uses); undefined for one that is no page. For the server: the web app needs none of it.
 */
export function matchPage(pathname: string): { page: AppPage; params: Record<string, string> } | undefined {
  const decoded = decodePath(pathname);
  for (const { page, names, pattern } of patterns()) {
    const match = pattern.exec(decoded);
    if (match) return { page, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!.replace(/%2F/g, '/')])) };
  }
  return undefined;
}
