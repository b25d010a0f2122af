import fp from 'fastify-plugin';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { defaultLanguage, languages, type Language } from '@rewards/shared/enums';
import { askFirstData, pageTexts, type Get, type Picture, type Query } from '@rewards/shared/page-requests';
import { matchPage, type AppPage, type Visitor } from '@rewards/shared/pages';
import { srcSet, variantUrl } from '@rewards/shared/pictures';
import { pickLanguage } from '../lib/language.ts';
import type { ServerContext } from '../server-context.ts';
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
    const match = matchPage(url.pathname);
    if (match) {
      // Built per request (the data is the visitor's own): private, and compressed here (a few KB, < 1 ms).
      const lang = languageOf(request);
      const body = inLanguage(html, lang).replace('</head>', `${await pageHead(app, request, url, match, chunks, lang)}</head>`);
      reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding, accept-language, cookie');
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

/** The key the web app looks preloaded data up by (apps/web/src/lib/page-data.ts): path and sorted query. */
function dataKey(apiPath: string, query: Query = {}): string {
  const url = new URL(apiPath, 'http://localhost');
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  url.searchParams.sort();
  return url.pathname + url.search;
}

/**
 * The visitor's language as the web app sends it (its `lang` cookie), else the browser's as the app picks
 * it on a first visit (`Accept-Language`, the same list as `navigator.languages`; es when it has neither).
 */
function languageOf(request: FastifyRequest): Language {
  const lang = (request.cookies as Record<string, string | undefined> | undefined)?.lang;
  return languages.includes(lang as Language) ? (lang as Language) : pickLanguage(request.headers['accept-language']);
}

/** What index.html says in words, per language: the description search engines and link previews show. */
export const descriptions: Record<Language, string> = {
  es: 'Rewards Store: canjea tus puntos de reconocimiento por productos y tarjetas de regalo.',
  en: 'Rewards Store: redeem your recognition points for products and gift cards.',
};

/** index.html in `lang`: its `<html lang>` and its description, as the app will show the page. */
function inLanguage(page: string, lang: Language): string {
  if (lang === defaultLanguage) return page;
  return page.replace('<html lang="es">', `<html lang="${lang}">`).replace(descriptions.es, descriptions[lang]);
}

/** How long a page's HTML may wait for its data; past it, the page asks for it itself. */
const DATA_BUDGET_MS = 250;

async function pageHead(
  app: FastifyInstance,
  request: FastifyRequest,
  url: URL,
  { page, params }: { page: AppPage; params: Record<string, string> },
  chunks: (modules: string[], lang: Language, texts: string[]) => string[],
  lang: Language,
): Promise<string> {
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
  // The session, then the shell's and the page's own first requests (packages/shared/src/page-requests.ts).
  const work = askFirstData(page, { get, params, search: url.searchParams, onUser: (visitor) => (user = visitor) })
    .then((pagePicture) => void (picture = pagePicture))
    .catch((err: unknown) => request.log.warn({ err }, 'page data not preloaded'));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((r) => (timer = setTimeout(r, DATA_BUDGET_MS)))]);
  clearTimeout(timer);

  // The page's texts: their chunks come with the HTML, and the web app loads them before its first render.
  const texts = pageTexts(page, { user, search: url.searchParams });
  const links = chunks(
    [page.frame, page.module].filter((m) => m !== undefined),
    lang,
    texts,
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
  const json = `{"lang":${JSON.stringify(lang)},"texts":${JSON.stringify(texts)},"data":{${data}}}`.replace(/</g, '\\u003c');
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
