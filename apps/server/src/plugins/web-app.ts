import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defaultLanguage, languages, productOrders, type Language } from '@rewards/shared/enums';
import { srcSet, variantUrl } from '@rewards/shared/pictures';
import type { ServerContext } from '../lib/server-context.ts';
import { sendError } from './errors.ts';
import { documentOnlyHeaders } from './security.ts';

/**
 * Everything that is not the API: uploaded pictures (immutable names, a year's cache), the built web app
 * (hashed assets cached for a year, pre-compressed .br/.gz served as they are), the SPA's HTML for every
 * other page path, and the envelope's 404 for unknown API routes. Registered last: its not-found handler
 * answers what no route did.
 *
 * A page's HTML carries what the page needs first (docs/decisions/0026-page-first-data.md): its chunks as
 * modulepreload links, its largest picture as a preload, and its first data — the answers of this server's
 * own API to the requests the page makes first, asked in-process with the visitor's cookie — as a JSON
 * block the web app reads instead of asking again.
 */
export const webAppPlugin = fp(async function webAppPlugin(app: FastifyInstance, opts: { deps: ServerContext }) {
  const { config } = opts.deps;
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '365d',
    immutable: true,
  });

  const indexHtml = path.join(config.webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz next to each asset.
      preCompressed: true,
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      },
    });
  }

  // A built script or style sheet is never a document: the headers that only mean something on a page
  // (its CSP, framing, opener, referrer) are left off, half a kilobyte less per file on a phone. Its name
  // changes with its content and it is cached for a year, so nothing revalidates or resumes it either (no
  // ETag, Last-Modified or Accept-Ranges). Synchronous: every answer passes here (decision 0024).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/assets/') && /^\/assets\/[^/?]+\.(js|css)(\?|$)/.test(request.url))
      for (const name of assetOnlyDropped) reply.removeHeader(name);
    done(null, payload);
  });

  const html = hasWeb ? fs.readFileSync(indexHtml, 'utf8') : '';
  const chunks = hasWeb ? routeChunks(config.webDistDir) : () => [];

  app.setNotFoundHandler(async (request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api') && !request.url.startsWith('/uploads/');
    if (!isPage || !hasWeb) return sendError(request, reply, request.url.startsWith('/api') ? 'ROUTE_NOT_FOUND' : 'NOT_FOUND');
    reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const encodings = String(request.headers['accept-encoding'] ?? '');
    const url = new URL(request.url, 'http://localhost');
    const page = pages.find((p) => p.path.test(url.pathname));
    if (page) {
      // Built per request (the data is the visitor's own): private, and compressed here (a few KB, < 1 ms).
      const body = html.replace('</head>', `${await pageHead(app, request, url, page, chunks)}</head>`);
      reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding, cookie');
      if (/\bbr\b/.test(encodings))
        return reply
          .header('content-encoding', 'br')
          .send(zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }));
      if (/\bgzip\b/.test(encodings)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(body));
      return reply.send(body);
    }
    if (/\bbr\b/.test(encodings) && fs.existsSync(`${indexHtml}.br`))
      return reply.header('content-encoding', 'br').send(fs.createReadStream(`${indexHtml}.br`));
    if (/\bgzip\b/.test(encodings) && fs.existsSync(`${indexHtml}.gz`))
      return reply.header('content-encoding', 'gzip').send(fs.createReadStream(`${indexHtml}.gz`));
    return reply.send(fs.createReadStream(indexHtml));
  });
});

// Nor does anything answer a script with an error body to quote a request id from: the log line keeps it.
const assetOnlyDropped = [
  ...documentOnlyHeaders,
  'content-security-policy',
  'x-frame-options',
  'etag',
  'last-modified',
  'accept-ranges',
  'x-request-id',
];

/** The session answer's user, as far as choosing a page's requests needs it. */
interface Visitor {
  id: number;
  storeId: number | null;
}
type Query = Record<string, string | number | boolean | undefined | null>;
/** Asks this server's API as the visitor; the parsed answer when it is a 2xx JSON one, else undefined. */
type Get = (apiPath: string, query?: Query) => Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
interface PageContext {
  get: Get;
  user: Visitor | null;
  match: RegExpExecArray;
  search: URLSearchParams;
}
/** A page's first picture, preloaded with the same srcset and sizes as the `<img>` that shows it. */
interface Picture {
  url: string;
  sizes: string;
}
interface AppPage {
  path: RegExp;
  /** The page's module in the web app (its key in Vite's manifest), and its frame's for an admin page. */
  module: string;
  frame?: string;
  /** The shell whose first requests the page shares: the shop's header and footer, or the admin area's. */
  area?: 'shop' | 'admin';
  /** Text namespaces the page renders with, beyond the shop's own (their chunks are named in the HTML too). */
  texts?: (user: Visitor | null) => string[];
  /** The page's own first requests, beyond the shell's; may answer its largest picture. */
  data?: (c: PageContext) => Promise<Picture | void>;
}

const PRODUCTS_PAGE_SIZE = 20;
const productCardSizes = '(min-width: 1024px) 220px, 45vw';
const orderOf = (search: URLSearchParams, fallback: string) => {
  const order = search.get('order') ?? '';
  return (productOrders as readonly string[]).includes(order) ? order : fallback;
};
const pageOf = (search: URLSearchParams) => Math.max(1, Number(search.get('page')) || 1);
const firstPicture = (list: { images?: { url: string }[] }[] | undefined) => list?.[0]?.images?.[0]?.url;
const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * The app's pages (apps/web/src/app/router.tsx) and the requests each makes first, with the same paths
 * and parameters the web app's API files use (the journeys check that a page asks none of them again).
 * Admin pages get their frame's first data (the session, the stores) and their chunks.
 */
const pages: AppPage[] = [
  {
    path: /^\/$/,
    module: 'src/app/routes/home.tsx',
    texts: (user) => (user ? ['notifications'] : []),
    data: async ({ get, user }) => {
      const banners = await get('/api/banners/', { storeId: user?.storeId });
      const picture = banners?.data?.[0]?.picture;
      return picture ? { url: picture, sizes: '(min-width: 1280px) 1232px, 100vw' } : undefined;
    },
  },
  {
    path: /^\/category\/([^/]+)$/,
    module: 'src/app/routes/category.tsx',
    data: async ({ get, user, match, search }) => {
      const slug = decode(match[1]!);
      const query = { slug, order: orderOf(search, 'featured'), page: pageOf(search), pageSize: PRODUCTS_PAGE_SIZE };
      const [products, categories] = await Promise.all([
        get(user ? '/api/productsAuth/' : '/api/products/all/', query),
        get('/api/categories/', { storeId: user?.storeId, pageSize: 100 }),
      ]);
      const category = categories?.data?.find((c: { slug: string }) => c.slug === slug);
      if (categories)
        await get(user ? '/api/products/otherResultsAuth' : '/api/products/otherResults', { categoryId: category?.id, limit: 8 });
      const picture = firstPicture(products?.data);
      return picture ? { url: picture, sizes: productCardSizes } : undefined;
    },
  },
  {
    path: /^\/results\/([^/]+)$/,
    module: 'src/app/routes/results.tsx',
    data: async ({ get, user, match, search }) => {
      const text = decode(match[1]!).trim().slice(0, 120);
      if (!text) return;
      const query = { search: text, order: orderOf(search, 'relevance'), page: pageOf(search), pageSize: PRODUCTS_PAGE_SIZE };
      const picture = firstPicture((await get(user ? '/api/productsAuth/' : '/api/products/all/', query))?.data);
      return picture ? { url: picture, sizes: productCardSizes } : undefined;
    },
  },
  {
    path: /^\/product$/,
    module: 'src/app/routes/product.tsx',
    data: async ({ get, user, search }) => {
      const slug = search.get('slug');
      if (!slug) return;
      let product = (await get(`/api/products/slug/${encodeURIComponent(slug)}`))?.data;
      if (!product) return;
      if (user) product = (await get(`/api/productsAuth/${product.id}`))?.data ?? product;
      await get(user ? '/api/products/otherResultsAuth' : '/api/products/otherResults', {
        categoryId: product.categoryId,
        excludeId: product.id,
        limit: 8,
      });
      const picture = firstPicture([product]);
      return picture ? { url: picture, sizes: '(min-width: 768px) 600px, 100vw' } : undefined;
    },
  },
  {
    path: /^\/cart$/,
    module: 'src/app/routes/cart.tsx',
    texts: (user) => (user ? ['cart'] : []),
    data: async ({ get, user }) => void (user && (await get('/api/shoppingCart/'))),
  },
  {
    path: /^\/wishlist$/,
    module: 'src/app/routes/wishlist.tsx',
    texts: (user) => (user ? ['wishlist'] : []),
    data: async ({ get, user }) => void (user && (await get('/api/wishlists/', { page: 1, pageSize: 20 }))),
  },
  {
    path: /^\/myOrders$/,
    module: 'src/app/routes/my-orders.tsx',
    texts: (user) => (user ? ['orders'] : []),
    data: async ({ get, user }) => void (user && (await get('/api/orders/user', { page: 1, pageSize: 10 }))),
  },
  {
    path: /^\/account$/,
    module: 'src/app/routes/account.tsx',
    texts: (user) => (user ? ['points'] : []),
    data: async ({ get, user }) => {
      if (!user) return;
      const [program] = await Promise.all([get('/api/program'), get('/api/accounts/statistics')]);
      // The movements of this program year, the period the page opens with.
      if (program?.data) await get('/api/accounts/myMovements', { from: program.data.year.from, page: 1, pageSize: 10 });
    },
  },
  {
    path: /^\/notifications$/,
    module: 'src/app/routes/notifications.tsx',
    texts: () => ['notifications'],
    data: async ({ get, user }) => void (user && (await get('/api/notifications/', { page: 1, pageSize: 10 }))),
  },
  {
    path: /^\/myProfile$/,
    module: 'src/app/routes/my-profile.tsx',
    texts: () => ['profile'],
    data: async ({ get, user }) => void (user && (await Promise.all([get('/api/users/profile'), get('/api/userPreferences')]))),
  },
  {
    path: /^\/challenge$/,
    module: 'src/app/routes/challenge.tsx',
    texts: () => ['challenges'],
    data: async ({ get, user }) => void (user && (await get('/api/challenges/userChallenge'))),
  },
  {
    path: /^\/about$/,
    module: 'src/app/routes/about.tsx',
    // The page's texts and its program calendar's.
    texts: () => ['about', 'points'],
    data: async ({ get, search }) => {
      // The store named in the address, else the first one (as the page chooses).
      const stores: { id: number }[] | undefined = (await get('/api/stores/', { pageSize: 100 }))?.data;
      const store = stores?.find((s) => String(s.id) === search.get('store')) ?? stores?.[0];
      await Promise.all([get('/api/program'), get('/api/rewards/', { storeId: store?.id, active: true, pageSize: 100 })]);
    },
  },
  { path: /^\/faq$/, module: 'src/app/routes/faq.tsx', texts: () => ['faq'] },
  { path: /^\/login$/, module: 'src/app/routes/login.tsx', texts: () => ['login'] },
  { path: /^\/logout$/, module: 'src/app/routes/logout.tsx', texts: () => ['logout'] },
  // The admin area: its frame (header with the store picker and the account), the page's chunk and texts.
  ...(
    [
      [/^\/admin\/?$/, 'dashboard', 'dashboard'],
      [/^\/admin\/orders(\/\d+)?\/?$/, 'orders', 'admin'],
      [/^\/admin\/inventory\/\d+\/?$/, 'inventory', 'admin'],
      [/^\/admin\/banners\/\d+\/?$/, 'banners', 'admin'],
      [/^\/admin\/rewards\/\d+\/?$/, 'rewards', 'rewards'],
      [/^\/admin\/challenge\/\d+\/?$/, 'challenges', 'challenges'],
      [/^\/admin\/users\/?$/, 'users', 'users'],
      [/^\/admin\/loads\/?$/, 'loads', 'loads'],
      [/^\/admin\/loads\/(new|\d+)\/?$/, 'loads-new', 'loads'],
      [/^\/admin\/loads\/report\/\d+\/?$/, 'loads-report', 'loads'],
      [/^\/admin\/loads\/consolidated\/\d+\/?$/, 'loads-consolidated', 'loads'],
      [/^\/admin\/mail\/?$/, 'mail', 'mail'],
      [/^\/admin\/stores\/?$/, 'stores', 'stores'],
    ] as const
  ).map(([path, page, texts]) => ({
    path,
    area: 'admin' as const,
    frame: 'src/app/layouts/admin-layout.tsx',
    module: `src/app/routes/admin/${page}.tsx`,
    texts: () => ['admin', 'loads', 'challenges', texts],
  })),
];

/** The key the web app looks preloaded data up by (apps/web/src/lib/page-data.ts): path and sorted query. */
function dataKey(apiPath: string, query: Query = {}): string {
  const url = new URL(apiPath, 'http://localhost');
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  url.searchParams.sort();
  return url.pathname + url.search;
}

/** The visitor's language as the web app sends it (its `lang` cookie), else the default. */
function languageOf(request: FastifyRequest): Language {
  const lang = (request.cookies as Record<string, string | undefined> | undefined)?.lang;
  return languages.includes(lang as Language) ? (lang as Language) : defaultLanguage;
}

/** How long a page's HTML may wait for its data; past it, the page asks for it itself. */
const DATA_BUDGET_MS = 250;

async function pageHead(
  app: FastifyInstance,
  request: FastifyRequest,
  url: URL,
  page: AppPage,
  chunks: (modules: string[], lang: Language, texts: string[]) => string[],
): Promise<string> {
  const lang = languageOf(request);
  const answers = new Map<string, string>();
  const asked = new Map<string, Promise<unknown>>();
  const get: Get = (apiPath, query) => {
    const key = dataKey(apiPath, query);
    if (!asked.has(key))
      asked.set(
        key,
        app
          .inject({
            method: 'GET',
            url: key,
            headers: { cookie: request.headers.cookie ?? '', 'accept-language': lang, accept: 'application/json' },
          })
          .then((res) => {
            if (res.statusCode < 200 || res.statusCode >= 300 || !String(res.headers['content-type']).startsWith('application/json'))
              return undefined;
            answers.set(key, res.body);
            return res.json();
          }),
      );
    return asked.get(key)!;
  };

  let picture: Picture | void = undefined;
  let user: Visitor | null = null;
  const work = (async () => {
    const session = await get('/api/auth/session');
    user = session?.data ?? null;
    const [, pagePicture] = await Promise.all([
      // The shell's own first requests: the stores (footer, admin header); the shop header's categories,
      // counts and latest notifications.
      Promise.all([
        get('/api/stores/', { pageSize: 100 }),
        page.area !== 'admin' && get('/api/categories/', { storeId: user?.storeId, pageSize: 100 }),
        page.area !== 'admin' && user ? get('/api/users/profile/counters') : undefined,
        page.area !== 'admin' && user ? get('/api/notifications/', { page: 1, pageSize: 5 }) : undefined,
      ]),
      page.data?.({ get, user, match: page.path.exec(url.pathname)!, search: url.searchParams }),
    ]);
    picture = pagePicture;
  })().catch((err: unknown) => request.log.warn({ err }, 'page data not preloaded'));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((r) => (timer = setTimeout(r, DATA_BUDGET_MS)))]);
  clearTimeout(timer);

  const links = chunks(
    [page.frame, page.module].filter((m) => m !== undefined),
    lang,
    page.texts?.(user) ?? [],
  ).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  const pic = picture as Picture | void;
  const picSrcSet = pic ? srcSet(pic.url) : undefined;
  if (pic && picSrcSet) {
    // The same srcset and sizes as the page's <img>, so the browser fetches once, the variant it will show.
    links.unshift(
      `<link rel="preload" as="image" fetchpriority="high" href="${variantUrl(pic.url, 1200)}" imagesrcset="${picSrcSet}" imagesizes="${pic.sizes}">`,
    );
  }
  // Answers are JSON as the API wrote them; `<` is escaped (as \u003c, the same text to JSON) so no text closes the block.
  const data = [...answers].map(([key, body]) => `${JSON.stringify(key)}:${body}`).join(',');
  const json = `{"lang":${JSON.stringify(lang)},"data":{${data}}}`.replace(/</g, '\\u003c');
  return `${links.join('')}<script type="application/json" id="page-data">${json}</script>`;
}

/**
 * The chunks a page's module needs beyond the entry's (which index.html already names), and the shell's
 * texts in the visitor's language, from Vite's manifest: fetched alongside the entry, not after it.
 */
function routeChunks(distDir: string): (modules: string[], lang: Language, texts: string[]) => string[] {
  const file = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => [];
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  const closure = (keys: string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      manifest[key].imports?.forEach(visit);
    };
    keys.forEach(visit);
    return seen;
  };
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k]!.isEntry));
  const cache = new Map<string, string[]>();
  return (modules, lang, texts) => {
    const key = `${modules.join()} ${lang} ${texts.join()}`;
    if (!cache.has(key)) {
      const locales = ['common', ...texts].map((ns) => `src/locales/${lang}/${ns}.json`);
      const keys = [...closure([...modules, ...locales])].filter((k) => !entry.has(k));
      cache.set(
        key,
        keys.map((k) => manifest[k]!.file),
      );
    }
    return cache.get(key)!;
  };
}
