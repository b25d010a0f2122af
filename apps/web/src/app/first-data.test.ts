import fs from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { askFirstData, pictureSizes, type Get } from '@rewards/shared/page-requests';
import { matchPage, pages } from '@rewards/shared/pages';
import { buildQuery } from '@/lib/api';
import i18n from '@/lib/i18n';
import { pageDataKey } from '@/lib/page-data';
import { isFreshFirstData, seedFirstData } from './first-data';
import { preloadPage } from './router';

// What a page's HTML carries is what packages/shared/src/page-requests.ts asks (the server runs it); what
// the page asks before its first render is its route module's `firstData` and the shell's, through their
// real queries (docs/decisions/0026-page-first-data.md). Both are run here against the same answers, for
// every page of packages/shared/src/pages.ts, signed in and out, with and without a query string: they
// must ask the very same requests, as the page-data block keys them, or the page asks again.

/** What the API answers, by page-data key (undefined: no 2xx JSON answer). */
type Api = (key: string) => unknown;

const recorder = vi.hoisted(() => ({ asked: [] as string[], api: ((_key: string) => undefined) as (key: string) => unknown }));

// Every request the web app makes goes through `api`, which first looks for the page's data: recorded
// there, answered from `recorder.api` as the page's HTML would.
vi.mock('@/lib/page-data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/lib/page-data')>();
  return {
    ...actual,
    takePageData: (url: string) => {
      const key = actual.pageDataKey(url);
      recorder.asked.push(key);
      return structuredClone(recorder.api(key));
    },
  };
});

const signedIn = { id: 7, storeId: 2, name: 'Ana', email: 'ana@rewards.test', role: 1, points: 500, adminStores: [], timeZone: null };
const picture = (kind: string) => `/uploads/${kind}/x-1200.webp`;
const product = { id: 5, slug: 'taza', categoryId: 9, name: 'Taza', images: [{ url: picture('products') }] };
const list = (data: unknown[]) => ({ data, page: 1, pageSize: 20, totalPages: 1, totalCount: data.length });

/** An API that knows a category, a product, two stores and the program year. */
const full =
  (user: object | null): Api =>
  (key) => {
    const path = key.split('?')[0]!;
    if (path === '/api/auth/session') return { data: user };
    if (path === '/api/stores/') return list([{ id: 1 }, { id: 2 }]);
    if (path === '/api/categories/') return list([{ id: 9, slug: 'oficina', title: 'Oficina' }]);
    if (path === '/api/banners/') return list([{ id: 1, picture: picture('banners') }]);
    if (path === '/api/products/all/' || path === '/api/productsAuth/') return list([product]);
    if (path === '/api/products/slug/taza' || path === '/api/productsAuth/5') return { data: product };
    if (path.startsWith('/api/products/slug/')) return undefined;
    if (path === '/api/program') return { data: { year: { from: '2026-01-01', to: '2026-12-31' }, today: '2026-03-02' } };
    if (path === '/api/challenges/userChallenge') return { data: null };
    if (/^\/api\/(products\/otherResults|users\/profile\/counters|accounts\/statistics|users\/profile|userPreferences)/.test(path))
      return { data: path.includes('otherResults') ? [] : {} };
    return list([]);
  };

/** An API that answers the session only: every chain stops at its first link. */
const sessionOnly =
  (user: object | null): Api =>
  (key) =>
    key === '/api/auth/session' ? { data: user } : undefined;

/** What the web app asks before the first render of `url`: the page's module and frame, then the cache's seeding. */
async function webAsks(url: string, api: Api): Promise<string[]> {
  const { pathname, search } = new URL(url, 'http://localhost');
  history.replaceState(null, '', pathname + search);
  recorder.asked = [];
  recorder.api = api;
  const page = await preloadPage(pathname);
  await seedFirstData(new QueryClient({ defaultOptions: { queries: { retry: false } } }), page);
  return [...new Set(recorder.asked)].sort();
}

/** What the server asks for the HTML of `url` (apps/server/src/plugins/web-app.ts): nothing for an address that is no page. */
async function serverAsks(url: string, api: Api): Promise<string[]> {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const match = matchPage(pathname);
  if (!match) return [];
  const asked: string[] = [];
  const get: Get = async (apiPath, query) => {
    const key = pageDataKey(`${apiPath}${buildQuery(query)}`);
    asked.push(key);
    return structuredClone(api(key));
  };
  await askFirstData(match.page, { get, params: match.params, search: searchParams });
  return [...new Set(asked)].sort();
}

const samples: Record<string, string> = { categorySlug: 'oficina', searchText: 'taza', storeId: '2', id: '7' };
/** Every page's address, and the query strings and odd addresses its requests depend on. */
const addresses = [
  ...pages.map((p) => p.path.replace(/:(\w+)/g, (_, name: string) => samples[name]!)),
  '/category/oficina?order=price_asc&page=2',
  '/category/oficina?order=bogus&page=x',
  '/category/nada',
  '/category/caf%C3%A9',
  '/results/taza%20azul?order=date&page=3',
  '/results/%20',
  '/product?slug=taza',
  '/product?slug=nada',
  '/about?store=2',
  '/feed?valueId=3&personId=7&storeId=x',
  '/recognition/abc',
  '/login?error=USER_INACTIVE',
  '/cart/',
  '/MyOrders',
  '/admin/',
  '/admin/loads/new',
  '/admin/nada',
  '/no/such/page',
];

describe("a page's first data", () => {
  beforeAll(() => {
    // The texts are not what is compared here (the page's come from pages.ts); nothing waits for them.
    vi.spyOn(i18n, 'loadNamespaces').mockResolvedValue();
    vi.stubGlobal('fetch', () => Promise.reject(new Error('no network in this test')));
  });
  afterEach(() => history.replaceState(null, '', '/'));

  for (const [who, user] of [
    ['signed out', null],
    ['signed in', signedIn],
  ] as const) {
    it(`is asked the same by the web app and by the server, ${who}`, async () => {
      for (const url of addresses) {
        for (const api of [full(user), sessionOnly(user)]) {
          const server = await serverAsks(url, api);
          // An address that is no page has no data in its HTML: whatever the app asks, the API answers.
          if (!matchPage(new URL(url, 'http://localhost').pathname)) expect(server, url).toEqual([]);
          else expect(await webAsks(url, api), url).toEqual(server);
        }
      }
    });
  }

  it('keeps what came with the page from being asked again on mounting, until something makes it stale', async () => {
    history.replaceState(null, '', '/');
    recorder.api = full(signedIn);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await seedFirstData(client, await preloadPage('/'));
    const latest = client.getQueryCache().findAll({ queryKey: ['notifications'] })[0]!;
    expect(isFreshFirstData(latest)).toBe(true);
    // A live notification came before any component showed the list: the menu that mounts later asks again.
    await client.invalidateQueries({ queryKey: ['notifications'] });
    expect(isFreshFirstData(latest)).toBe(false);
  });

  it('asks what the page shows: its list, the shell, the chained requests (spot check)', async () => {
    expect(await serverAsks('/category/oficina?order=price_asc', full(signedIn))).toEqual([
      '/api/auth/session',
      '/api/categories/?pageSize=100&storeId=2',
      '/api/notifications/?page=1&pageSize=5',
      '/api/products/otherResultsAuth?categoryId=9&limit=8',
      '/api/productsAuth/?order=price_asc&page=1&pageSize=20&slug=oficina',
      '/api/recognitions/allowance',
      '/api/stores/?pageSize=100',
      '/api/users/profile/counters',
    ]);
    expect(await serverAsks('/product?slug=taza', full(null))).toEqual([
      '/api/auth/session',
      '/api/categories/?pageSize=100',
      '/api/products/otherResults?categoryId=9&excludeId=5&limit=8',
      '/api/products/slug/taza',
      '/api/stores/?pageSize=100',
    ]);
    expect(await serverAsks('/admin/orders/', full(signedIn))).toEqual(['/api/auth/session', '/api/stores/?pageSize=100']);
  });

  it("preloads each page's largest picture with the sizes of the <img> that shows it", () => {
    const source = (file: string) => fs.readFileSync(path.resolve(import.meta.dirname, '../features', file), 'utf8');
    expect(source('banners/components/banner-carousel.tsx')).toContain(`sizes="${pictureSizes.banner}"`);
    expect(source('products/components/product-card.tsx')).toContain(`sizes="${pictureSizes.productCard}"`);
    expect(source('products/components/product-detail.tsx')).toContain(`sizes="${pictureSizes.productDetail}"`);
  });

  it('has a module in the web app for every page', async () => {
    // The admin pages load through their frame's chunk; the shop's are loaded above, by `preloadPage`.
    const { adminPages } = await import('./layouts/admin-layout');
    for (const p of pages.filter((p) => p.frame))
      expect(Object.keys(adminPages), p.module).toContain(`./${p.module.slice('src/app/routes/'.length)}`);
  });

  it('opens the page the router opens, with the same parameters', () => {
    // The router warns about the address it cannot decode (and matches it as it is, as matchPage does).
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const routes = pages.map((p) => ({ path: p.path, id: `${p.path} ${p.module}` }));
    for (const url of [...addresses, '/category/a%2Fb', '/category/%E0%A4%A', '/admin/inventory/abc', '/category/a/b']) {
      const { pathname } = new URL(url, 'http://localhost');
      const routed = matchRoutes(routes, pathname)?.[0];
      const match = matchPage(pathname);
      expect(match && { path: match.page.path, params: match.params }, url).toEqual(
        routed && { path: routed.route.path, params: routed.params },
      );
    }
  });
});
