import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, matchRoutes, Route, Routes } from 'react-router';
import { ADMIN_FRAME, pages, type AppPage } from '@rewards/shared/pages';
import { RequireSession } from '@/features/auth/components/require-session';
import type { FirstData } from './first-data';
import { RouteErrorBoundary } from './layouts/route-error-boundary';
import { ShopLayout } from './layouts/shop-layout';

/**
 * The pages are those of packages/shared/src/pages.ts, the list the server serves their HTML from. Each is
 * lazy-loaded, its own chunk (declarative routes keep the shell small). The page a visit opens on is
 * loaded before the first render (`preloadPage`; the server names its chunks in the HTML, so they arrive
 * with the entry) with its first data (app/first-data.ts): it renders at once, complete, without a
 * fallback or a skeleton in between.
 */
type Module = { default: ComponentType; firstData?: FirstData };
/** A frame's module, which loads the pages that open in it. */
type Frame = Module & { pages: Record<string, () => Promise<Module>> };
type Page = ComponentType & { load: () => Promise<Module> };

/** The shop's page modules, each a chunk of its own, by their path in routes/ (`./category.tsx`). */
const modules = import.meta.glob<Module>(['./*.tsx', '!./*.test.tsx'], { base: './routes' });
// The admin area is its own chunk, and so are its pages: shoppers never download them.
const frames: Record<string, () => Promise<Frame>> = {
  [ADMIN_FRAME]: () => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout, pages: m.adminPages })),
};
/** The key of a page module (pages.ts's `src/app/routes/category.tsx`) in its glob (`./category.tsx`). */
const keyOf = (module: string) => `./${module.slice('src/app/routes/'.length)}`;

/** The pages as the router matches them (the server matches them the same: pages.ts's `matchPage`). */
const routes = pages.map((page) => ({ path: page.path, page }));

const loaded = new Map<string, Page>();
/** The page (or frame) of a module, loaded once, by the first render or before it; a page in a frame through its frame. */
function pageOf(module: string, frame?: string): Page {
  const known = loaded.get(module);
  if (known) return known;
  const load: (() => Promise<Module>) | undefined = frame
    ? () => (pageOf(frame).load() as Promise<Frame>).then((f) => f.pages[keyOf(module)]!())
    : (frames[module] ?? modules[keyOf(module)]);
  if (!load) throw new Error(`no module ${module} in the web app`);
  let done: Module | null = null;
  let loading: Promise<Module> | null = null;
  const start = () => (loading ??= load().then((m) => (done = m)));
  // Already loaded: a thenable that answers at once, so React.lazy renders it without suspending.
  const at = (m: Module) => ({ then: (resolve: (m: Module) => void) => resolve(m) }) as unknown as Promise<Module>;
  const page = Object.assign(
    lazy(() => (done ? at(done) : start())),
    { load: start },
  );
  loaded.set(module, page);
  return page;
}

export interface OpeningPage {
  page: AppPage;
  firstData?: FirstData;
  params: Record<string, string | undefined>;
}

/**
 * Loads the page `pathname` opens, and its frame (their chunks came with the HTML); answers the page, what
 * it asks first and the route's parameters, or undefined for an address that is no page.
 */
export async function preloadPage(pathname: string): Promise<OpeningPage | undefined> {
  const match = matchRoutes(routes, pathname)?.[0];
  if (!match) {
    // Any other address of the admin area still opens in its frame.
    if (matchPath('/admin/*', pathname)) await AdminLayout.load().catch(() => undefined);
    return undefined;
  }
  const { page } = match.route;
  return Promise.all([page.frame && pageOf(page.frame).load(), pageOf(page.module, page.frame).load()]).then(
    ([, m]) => ({ page, firstData: m.firstData, params: match.params }),
    () => undefined,
  );
}

const NotFound = pageOf('src/app/routes/not-found.tsx');
const AdminLayout = pageOf(ADMIN_FRAME);

const signedIn = (page: React.ReactNode) => <RequireSession>{page}</RequireSession>;

function routesOf(area: AppPage['area']) {
  return pages
    .filter((p) => p.area === area)
    .map((p) => {
      const Page = pageOf(p.module, p.frame);
      return <Route key={p.path} path={p.path} element={p.signedIn ? signedIn(<Page />) : <Page />} />;
    });
}

/** The routes of docs/architecture.md P2 whose feature works today: those of pages.ts, and what is no page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <RouteErrorBoundary>
            <ShopLayout />
          </RouteErrorBoundary>
        }
      >
        {routesOf('shop')}
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route
        path="admin"
        element={
          <RouteErrorBoundary>
            <Suspense fallback={null}>
              <AdminLayout />
            </Suspense>
          </RouteErrorBoundary>
        }
      >
        {routesOf('admin')}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
